import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import {
  type FilterBarFields,
  type RemoveAction,
  type ScreenAction,
  StatusFilter,
} from '../../components/ListScreen.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { type DateRange, LOG_STATUSES, type LogStatus } from '../../lib/logQuery.ts';

/** Pieces the login log and the operation log share. */

/** Success or failure of a logged login or operation. */
export function LogStatusBadge({ status }: { status: LogStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === '0' ? 'green' : 'red'} variant="light">
      {t(`logs.statuses.${status}`)}
    </Badge>
  );
}

/** The status and the days of a log's filter bar. */
export function LogStatusAndDays<F extends { status: LogStatus | '' } & DateRange>({
  bar,
}: {
  bar: FilterBarFields<F>;
}) {
  return (
    <>
      <StatusFilter bar={bar} group="logs" statuses={LOG_STATUSES} w={140} />
      <DateRangeFilter
        value={bar.filters}
        onChange={(range) => bar.setFilters((f) => ({ ...f, ...range }))}
      />
    </>
  );
}

/** The removal of selected log entries, for holders of `<permission>:remove`. */
export function logRemoval<Row>(
  t: TFunction,
  permission: string,
  run: (rows: Row[]) => Promise<unknown>,
): RemoveAction<Row> {
  return {
    permission: [`${permission}:remove`],
    selectedOnly: true,
    ariaLabel: () => t('logs.remove'),
    selected: (count) => t('logs.removeSelected', { count }),
    texts: (rows) => ({
      title: t('logs.removeTitle'),
      message: t('logs.removeConfirm', { count: rows.length }),
      confirm: t('logs.remove'),
      done: t('logs.removed', { count: rows.length }),
    }),
    run,
  };
}

/** Clean: the whole log goes, once confirmed (`question` names the log). */
export function logClean(
  t: TFunction,
  permission: string,
  question: string,
  clean: () => Promise<unknown>,
  list: { removed(count: number): void; data: { total: number } | null },
): ScreenAction {
  return {
    label: t('logs.clean'),
    permission: [`${permission}:remove`],
    color: 'red',
    variant: 'outline',
    onClick: async () => {
      const done = await confirmAndRun(
        { title: t('logs.cleanTitle'), message: question, confirm: t('logs.clean') },
        clean,
        t('logs.cleaned'),
      );
      if (done) list.removed(list.data?.total ?? 0);
    },
  };
}
