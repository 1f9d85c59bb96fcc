import { Badge, Select } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RemoveAction, ScreenAction } from '../../components/ListScreen.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { LOG_STATUSES, type LogStatus } from '../../lib/logQuery.ts';

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

export function LogStatusSelect({
  value,
  onChange,
}: {
  value: LogStatus | '';
  onChange(value: LogStatus | ''): void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('logs.status')}
      w={140}
      placeholder={t('logs.allStatuses')}
      clearable
      data={LOG_STATUSES.map((s) => ({ value: s, label: t(`logs.statuses.${s}`) }))}
      value={value || null}
      onChange={(next) => onChange(next === '0' || next === '1' ? next : '')}
    />
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
