import type { PartitionDetail } from '@hydrolog/schemas';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lacksSummaryMeter } from './partitionChoice.ts';

/** Says so when the partition shown has no summary meter yet (its figures are all unknown until it has). */
export function NoSummaryMeterNote({ partition }: { partition: PartitionDetail | null }) {
  const { t } = useTranslation();
  if (!partition || !lacksSummaryMeter(partition)) return null;
  return (
    <Alert color="yellow" data-testid="no-summary-meter">
      {t('cascade.noSummaryMeterYet', { name: partition.name })}
    </Alert>
  );
}
