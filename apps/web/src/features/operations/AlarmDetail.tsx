import { ALARM_TYPE, type MeterAlarmDetail } from '@hydrolog/schemas';
import { Alert, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../components/Permission.tsx';
import { useLatestLoad } from '../../hooks/useLatestLoad.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { isOpen, statusColour, useAlarmKinds } from './alarmKinds.ts';
import { getAlarm, ignoreAlarms } from './api/operations.ts';
import { ProcessDialog } from './ProcessDialog.tsx';

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—');

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children ?? '—'}</Text>
    </div>
  );
}

/**
 * An alarm's detail (spec section 3 "Alarm"): its state in its colour, the meter and the account, what was
 * measured against the rule, the meter's latest day record (meterFrozen); process or ignore it while open. A
 * system alarm has no meter: its subject (a gateway, the readings, a job), kind, time and value.
 */
export function AlarmDetail({
  alarmId,
  onClose,
  onChanged,
}: {
  alarmId: string;
  onClose(): void;
  onChanged?(): void;
}) {
  const { t, i18n } = useTranslation();
  const hasPermi = useHasPermi();
  const kinds = useAlarmKinds();
  const fetch = useCallback(() => getAlarm(alarmId), [alarmId]);
  const { data: alarm, load } = useLatestLoad(fetch);
  const [processing, setProcessing] = useState(false);
  const changed = () => {
    load();
    onChanged?.();
  };
  const number = (value: number | null) => (value === null ? '—' : formatNumber(value, i18n.language, 0, 3));
  const system = alarm?.alarmType === ALARM_TYPE.system;
  return (
    <Modal opened onClose={onClose} title={t('alarms.detail')} size="lg">
      {!alarm ? (
        <Loader size="sm" />
      ) : (
        <Stack data-testid="alarm-detail">
          <Group gap="xs">
            <Badge color={statusColour(alarm.status)} variant="light" tt="none">
              {t(`alarms.statuses.${alarm.status}`)}
            </Badge>
            <Text fw={600}>{kinds.label(alarm.eventType)}</Text>
            <Badge variant="outline" color="gray" tt="none">
              {t(`alarms.levels.${alarm.level}`)}
            </Badge>
          </Group>
          {alarm.clearedTime && (
            <Alert color="teal" variant="light">
              {t(system ? 'alarms.clearedSystem' : 'alarms.cleared', { time: time(alarm.clearedTime) })}
            </Alert>
          )}
          {system ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Field label={t('alarms.alarmType')}>{t('alarms.alarmTypes.1')}</Field>
              <Field label={t('alarms.subject')}>{alarm.subjectName ?? alarm.meterNo}</Field>
              <Field label={t('alarms.alarmTime')}>{time(alarm.alarmTime)}</Field>
              <Field label={t('alarms.value')}>{number(alarm.value)}</Field>
              <Field label={t('alarms.threshold')}>{number(alarm.threshold)}</Field>
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Field label={t('alarms.alarmTime')}>{time(alarm.alarmTime)}</Field>
              <Field label={t('alarms.meterNo')}>{alarm.meterNo}</Field>
              <Field label={t('alarms.meterTypeName')}>{alarm.meterTypeName}</Field>
              <Field label={t('alarms.accountName')}>{alarm.accountName}</Field>
              <Field label={t('alarms.customerTel')}>{alarm.customerTel}</Field>
              <Field label={t('alarms.areaAddress')}>{alarm.areaAddress}</Field>
              <Field label={t('alarms.value')}>{number(alarm.value)}</Field>
              <Field label={t('alarms.threshold')}>{number(alarm.threshold)}</Field>
              <Field label={t('alarms.valveState')}>{alarm.valveState}</Field>
            </SimpleGrid>
          )}
          {alarm.remark && <Field label={t('alarms.remark')}>{alarm.remark}</Field>}
          {!system && <FrozenRecord alarm={alarm} number={number} />}
          {isOpen(alarm.status) && (
            <Group justify="flex-end">
              {hasPermi(['report:alarm:ignore']) && (
                <Button
                  variant="default"
                  onClick={() =>
                    void confirmAndRun(
                      {
                        title: t('alarms.ignore'),
                        message: t('alarms.ignoreConfirm', { count: 1 }),
                        confirm: t('alarms.ignore'),
                      },
                      () => ignoreAlarms([alarm.alarmProcessedId]),
                      t('alarms.ignoredDone'),
                    ).then((done) => done && changed())
                  }
                >
                  {t('alarms.ignore')}
                </Button>
              )}
              {hasPermi(['report:alarm:process']) && (
                <Button onClick={() => setProcessing(true)}>{t('alarms.process')}</Button>
              )}
            </Group>
          )}
          {processing && (
            <ProcessDialog
              alarmIds={[alarm.alarmProcessedId]}
              onClose={() => setProcessing(false)}
              onDone={() => {
                setProcessing(false);
                changed();
              }}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

function FrozenRecord({ alarm, number }: { alarm: MeterAlarmDetail; number(value: number | null): string }) {
  const { t } = useTranslation();
  const frozen = alarm.meterFrozen;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('alarms.meterFrozen')}
      </Text>
      {!frozen ? (
        <Text size="sm" c="dimmed">
          {t('alarms.noRecord')}
        </Text>
      ) : (
        <Table withTableBorder data-testid="meter-frozen">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('alarms.recordDate')}</Table.Th>
              <Table.Th>{t('alarms.reportTime')}</Table.Th>
              <Table.Th>{t('alarms.usedTotal')}</Table.Th>
              <Table.Th>{t('alarms.totalVolume')}</Table.Th>
              <Table.Th>{t('alarms.batteryVoltage')}</Table.Th>
              <Table.Th>{t('alarms.valveState')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{frozen.recordDate}</Table.Td>
              <Table.Td>{time(frozen.reportTime)}</Table.Td>
              <Table.Td>{number(frozen.usedTotal)}</Table.Td>
              <Table.Td>{number(frozen.totalVolume)}</Table.Td>
              <Table.Td>{number(frozen.batteryVoltage)}</Table.Td>
              <Table.Td>{frozen.valveState ?? '—'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
