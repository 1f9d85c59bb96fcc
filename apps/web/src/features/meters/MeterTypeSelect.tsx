import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { meterTypeOptions } from './api/meters.ts';

/** A form's required choice of one of the tenant's meter types, which it loads itself. */
export function MeterTypeSelect(props: {
  label: string;
  description?: string;
  disabled?: boolean;
  value: string;
  error: string | undefined;
  onChange(meterTypeId: string): void;
}) {
  const [types, setTypes] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    meterTypeOptions().then(
      (rows) => setTypes(rows.map((r) => ({ value: r.meterTypeId, label: r.name }))),
      () => undefined,
    );
  }, []);
  return (
    <Select
      label={props.label}
      description={props.description}
      withAsterisk
      searchable
      disabled={props.disabled}
      data={types}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
