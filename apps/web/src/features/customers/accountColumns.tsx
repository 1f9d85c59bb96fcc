import type { CustomerRow } from '@hydrolog/schemas';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { listColumns } from '../../components/ListScreen.tsx';
import { formatNumber } from '../../lib/numberFormat.ts';
import { ValveState } from '../meters/index.ts';
import { StatusBadge } from './CustomerBadges.tsx';

const column = listColumns<CustomerRow>();

/** While a valve command of the page is on its way, the list looks again this often. */
const REFRESH_MS = 3000;

/** A list of accounts looks again while one of its valve commands is on its way, until the meter answers. */
export function useValveCommandRefresh(list: { data?: { rows: CustomerRow[] } | null; load(): void }) {
  const pending = list.data?.rows.some((r) => r.lastValveCommand?.status === 'sending') ?? false;
  const { load } = list;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(load, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, load]);
}

/**
 * An account's balance, status and valve (the command on its way beside what the meter last reported), as
 * every list of accounts shows them.
 */
export function accountStateColumns({
  t,
  language,
  list,
}: {
  t: TFunction;
  language: string;
  list: { load(): void };
}) {
  return [
    column.accessor('balance', {
      header: t('customers.balance'),
      cell: (c) => formatNumber(c.getValue(), language, 2),
    }),
    column.accessor('status', {
      header: t('customers.status'),
      cell: (c) => <StatusBadge status={c.getValue()} />,
    }),
    column.accessor('lastValveCommand', {
      header: t('customers.valve'),
      cell: (c) => {
        const account = c.row.original;
        if (!account.valveControl) return null;
        return (
          <ValveState
            meterNo={account.meterNo}
            valve={account.valve}
            reportedAt={account.lastReportAt}
            command={c.getValue()}
            onRetried={list.load}
          />
        );
      },
    }),
  ];
}
