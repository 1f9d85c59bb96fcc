import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { findAccounts } from './api/surcharges.ts';

/**
 * An account chosen by its number: the accounts whose number holds what is typed, as "number · name". Its
 * value is the account's id.
 */
export function AccountSelect(props: {
  label: string;
  value: string;
  error?: string | undefined;
  disabled?: boolean;
  onChange(customerId: string): void;
}) {
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      findAccounts(search.split(' · ')[0] ?? '')
        .then(({ rows }) => {
          if (current)
            setOptions(rows.map((r) => ({ value: r.customerId, label: `${r.accountNo} · ${r.name}` })));
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search]);
  return (
    <Select
      label={props.label}
      withAsterisk
      searchable
      data={options}
      value={props.value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(value) => props.onChange(value ?? '')}
      error={props.error}
      disabled={props.disabled}
      filter={({ options: all }) => all}
    />
  );
}
