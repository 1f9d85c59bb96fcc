import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled choice among a few values, shown as one segmented control (the label names it for screen readers too). */
export function SegmentedField<Value extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  readOnly,
  children,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange(value: Value): void;
  disabled?: boolean;
  readOnly?: boolean;
  /** Shown under the control, such as a hint on the chosen value. */
  children?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        aria-label={label}
        disabled={disabled}
        readOnly={readOnly}
        data={[...options]}
        value={value}
        // The control only offers the values of `options`.
        onChange={(chosen) => onChange(chosen as Value)}
        style={{ alignSelf: 'flex-start' }}
      />
      {children}
    </Stack>
  );
}
