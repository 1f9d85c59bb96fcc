import { Select } from '@mantine/core';
import { AREA_CODES } from '../lib/areaCodes.ts';

/** The props that put a dial-code picker in front of a text input (an account or a phone number). */
export function areaCodePrefix({
  label,
  value,
  onChange,
  searchable = false,
}: {
  label: string;
  value: string;
  onChange(code: string): void;
  searchable?: boolean;
}) {
  return {
    leftSectionWidth: 86,
    leftSectionPointerEvents: 'all' as const,
    leftSection: (
      <Select
        aria-label={label}
        variant="unstyled"
        w={82}
        pl={8}
        style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}
        allowDeselect={false}
        searchable={searchable}
        data={AREA_CODES}
        value={value}
        onChange={(code) => code && onChange(code)}
      />
    ),
  };
}
