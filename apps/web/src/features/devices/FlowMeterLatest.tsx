import type { FlowMeterView } from '@hydrolog/schemas';
import { Modal, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numberFormat.ts';

/** A flow meter's latest values, as its gateway last reported them (spec section 3). */
export function FlowMeterLatest({ flowMeter, onClose }: { flowMeter: FlowMeterView; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { latest } = flowMeter;
  const number = (value: number | null | undefined, digits: number) =>
    formatNumber(value, i18n.language, digits) || '—';
  const rows: [string, string][] = latest
    ? [
        [t('flowMeters.collectionTime'), dayjs(latest.collectionTime).format('YYYY-MM-DD HH:mm:ss')],
        [t('flowMeters.instantaneousFlow'), number(latest.instantaneousFlow, 3)],
        [t('flowMeters.forwardTotal'), number(latest.forwardTotal, 3)],
        [t('flowMeters.reverseTotal'), number(latest.reverseTotal, 3)],
        [t('flowMeters.pressure1'), number(latest.pressure1, 3)],
        [t('flowMeters.pressure2'), number(latest.pressure2, 3)],
        [t('flowMeters.battery'), number(latest.battery, 2)],
        [t('flowMeters.signal'), number(latest.signal, 0)],
      ]
    : [];
  return (
    <Modal opened onClose={onClose} title={t('flowMeters.viewOf', { name: flowMeter.meterAddress })}>
      {latest ? (
        <Table data-testid="flow-meter-latest" withRowBorders>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th>{label}</Table.Th>
                <Table.Td ta="right">{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" data-testid="flow-meter-latest">
          {t('flowMeters.noReading')}
        </Text>
      )}
    </Modal>
  );
}
