import { Badge, Button, Group, Select, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, LOG_STATUSES, type LogStatus, lastDays } from '../lib/logQuery.ts';
import { HasPermi } from './Permission.tsx';

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

const PRESETS = [7, 30, 90] as const;

/**
 * A range of whole days (browser date inputs) with the spec's 7/30/90-day presets, which end `today`
 * (YYYY-MM-DD; the tenant's today where days are the tenant's, else the browser's).
 */
export function DateRangeFilter({
  value,
  onChange,
  today,
}: {
  value: DateRange;
  onChange(range: DateRange): void;
  today?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} align="flex-end" wrap="nowrap">
      <TextInput
        type="date"
        label={t('logs.beginDate')}
        w={150}
        value={value.beginTime}
        max={value.endTime || undefined}
        onChange={(e) => onChange({ ...value, beginTime: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('logs.endDate')}
        w={150}
        value={value.endTime}
        min={value.beginTime || undefined}
        onChange={(e) => onChange({ ...value, endTime: e.currentTarget.value })}
      />
      <Button.Group>
        {PRESETS.map((days) => (
          <Button
            key={days}
            variant="default"
            px="xs"
            title={t('logs.lastDays', { count: days })}
            aria-label={t('logs.lastDays', { count: days })}
            onClick={() => onChange(lastDays(days, today ? dayjs(today) : undefined))}
          >
            {t('logs.days', { count: days })}
          </Button>
        ))}
      </Button.Group>
    </Group>
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
