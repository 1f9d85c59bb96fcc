import { Button, Group, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type DateRange, lastDays } from '../lib/logQuery.ts';

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
