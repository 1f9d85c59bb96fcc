import { Badge, Button, Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../components/Permission.tsx';
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

/** Delete selected, clean and export of a log whose permissions start with `permission`. */
export function LogActions({
  permission,
  selected,
  onRemove,
  onClean,
  onExport,
  exporting,
  children,
}: {
  permission: string;
  selected: number;
  onRemove(): void;
  onClean(): void;
  onExport(): void;
  exporting: boolean;
  /** More buttons, before Export. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <HasPermi value={[`${permission}:remove`]}>
        <Button color="red" variant="light" disabled={selected === 0} onClick={onRemove}>
          {t('logs.removeSelected', { count: selected })}
        </Button>
        <Button color="red" variant="outline" onClick={onClean}>
          {t('logs.clean')}
        </Button>
      </HasPermi>
      {children}
      <HasPermi value={[`${permission}:export`]}>
        <Button variant="light" loading={exporting} onClick={onExport}>
          {t('logs.export')}
        </Button>
      </HasPermi>
    </Group>
  );
}
