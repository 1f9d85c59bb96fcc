import type { ReadingPlanDetail as Plan, ReadingPlanMeter } from '@hydrolog/schemas';
import { Badge, Button, Card, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermi } from '../../components/Permission.tsx';
import { MOBILE_QUERY } from '../../lib/mobile.ts';
import { getReadingPlan } from './api/manual-readings.ts';
import { ManualReadingForm } from './ManualReadingForm.tsx';

/**
 * A plan's page: its progress and its meters as cards, those not yet read first, each read one by one
 * with the manual reading form (full screen on a phone, as the reader walks the round).
 */
export function ReadingPlanDetail(props: { planId: string; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation();
  const hasPermi = useHasPermi();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [plan, setPlan] = useState<Plan | null>(null);
  const [reading, setReading] = useState<ReadingPlanMeter | null>(null);
  const load = useCallback(() => {
    getReadingPlan(props.planId).then(setPlan, () => undefined);
  }, [props.planId]);
  useEffect(load, [load]);

  return (
    <Modal opened onClose={props.onClose} title={plan?.name ?? ''} size="lg" fullScreen={mobile}>
      {!plan ? (
        <Loader />
      ) : (
        <Stack data-testid="reading-plan-detail">
          <Group justify="space-between">
            <Text size="sm">
              {plan.startDate} – {plan.endDate} · {plan.readerName}
            </Text>
            {plan.overdue && <Badge color="red">{t('readingPlan.overdue')}</Badge>}
          </Group>
          <Text size="sm">{t('readingPlan.readOf', { read: plan.read, meters: plan.meters })}</Text>
          <Progress value={plan.meters === 0 ? 0 : (100 * plan.read) / plan.meters} />
          {plan.meterList.map((meter) => (
            <Card key={meter.meterId} withBorder padding="sm" data-testid="reading-plan-meter">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>{meter.meterNo}</Text>
                  <Text size="sm" c={meter.read ? 'green' : 'dimmed'}>
                    {meter.read && meter.readAt
                      ? t('readingPlan.lastReading', {
                          total: meter.total,
                          time: dayjs(meter.readAt).format('YYYY-MM-DD HH:mm'),
                        })
                      : t('readingPlan.unread')}
                  </Text>
                </Stack>
                {hasPermi(['readMeter:manual:add']) && (
                  <Button
                    size="sm"
                    variant={meter.read ? 'default' : 'filled'}
                    onClick={() => setReading(meter)}
                  >
                    {t('readingPlan.enter')}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {reading && plan && (
        <ManualReadingForm
          meterNo={reading.meterNo}
          planId={plan.planId}
          onClose={() => setReading(null)}
          onSaved={() => {
            setReading(null);
            load();
            props.onChanged();
          }}
        />
      )}
    </Modal>
  );
}
