import type { CascadeOverview, PartitionDetail, PointView, UnknownReason } from '@hydrolog/schemas';
import { Box, Card, Group, List, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureValue, whyNull } from '../../components/FigureValue.tsx';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { getPartition, gisOverview } from './api/cascade.ts';
import { RATE_RANGES, rateColor } from './cascadeQuery.ts';
import { NoSummaryMeterNote } from './NoSummaryMeterNote.tsx';
import { type MapPartition, PartitionMap } from './PartitionMap.tsx';
import { useViewedPartition } from './partitionChoice.ts';

/** The route of this page (menu catalogue component 'cascade/gis/index'). */
export const CASCADE_GIS_PATH = '/cascade/gis';

function Fact({
  label,
  value,
  unknown = null,
  testId,
}: {
  label: string;
  value: string;
  unknown?: UnknownReason | null;
  testId: string;
}) {
  return (
    <Card withBorder padding="xs" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>
        <FigureValue text={value} unknown={unknown} />
      </Text>
    </Card>
  );
}

/** The cascade tree: each point under its superior point, with its summary meter and sub-meter count. */
function Tree({ points, parentId }: { points: readonly PointView[]; parentId: string | null }) {
  const { t } = useTranslation();
  const children = points.filter((p) => p.parentId === parentId);
  if (children.length === 0) return null;
  return (
    <List size="sm" withPadding={parentId !== null} listStyleType="none">
      {children.map((p) => (
        <List.Item key={p.pointId}>
          <Text size="sm">
            {p.name} · {p.summaryMeter?.meterNo ?? '—'} · {t('cascade.subMeters')} {p.subMeterCount}
          </Text>
          <Tree points={points} parentId={p.pointId} />
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Cascade partitions / Partition map: the partitions' boundaries coloured by this month's leakage rate
 * (ranges ending at 100%), the chosen partition's meters, its basic info, cascade tree and layers, and the
 * tenant's counts. It opens on the partition the user last viewed, else the one with the most data. deck.gl
 * draws the map; this page is its own chunk (React.lazy).
 */
export function CascadeGis() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [overview, setOverview] = useState<CascadeOverview | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const selected = useViewedPartition(picked, overview?.partitionFigures ?? null);
  const [partition, setPartition] = useState<PartitionDetail | null>(null);

  useEffect(() => {
    gisOverview().then(setOverview, () => undefined);
  }, []);
  useEffect(() => {
    if (selected) getPartition(selected).then(setPartition, () => setPartition(null));
  }, [selected]);

  const bounded = useMemo(
    () =>
      (overview?.partitionFigures ?? []).flatMap((p): MapPartition[] =>
        p.boundary ? [{ ...p, boundary: p.boundary }] : [],
      ),
    [overview],
  );
  const shown = partition?.partitionId === selected ? partition : null;
  const summaryMeterNos = useMemo(
    () => new Set(shown?.points.flatMap((p) => (p.summaryMeter ? [p.summaryMeter.meterNo] : []))),
    [shown],
  );

  const month = overview?.month;
  const figures = overview?.partitionFigures.find((p) => p.partitionId === selected);
  return (
    <Card withBorder data-testid="cascade-gis-page">
      <Title order={4} mb="md">
        {t('cascade.gisTitle')}
      </Title>
      {!overview ? (
        <Skeleton height={480} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 3 }}>
          <Stack>
            <SimpleGrid cols={2}>
              <Fact
                testId="gis-partitions"
                label={t('cascade.partitions')}
                value={String(overview.partitions)}
              />
              <Fact testId="gis-points" label={t('cascade.points')} value={String(overview.points)} />
              <Fact
                testId="gis-month-supply"
                label={t('cascade.monthSupply')}
                value={formatNumber(month?.supply, language, 1)}
                unknown={month ? whyNull(month.supply, month.unknown) : null}
              />
              <Fact
                testId="gis-month-leakage"
                label={t('cascade.monthLeakage')}
                value={formatNumber(month?.leakage, language, 1)}
                unknown={month ? whyNull(month.leakage, month.unknown) : null}
              />
              <Fact
                testId="gis-month-rate"
                label={t('cascade.gisLegend')}
                value={formatPercent(month?.leakageRate, language)}
                unknown={month ? whyNull(month.leakage, month.unknown) : null}
              />
              <Fact testId="gis-levels" label={t('cascade.levels')} value={String(shown?.levels ?? '')} />
            </SimpleGrid>
            <Select
              label={t('cascade.partition')}
              data-testid="gis-partition"
              data={overview.partitionFigures.map((p) => ({ value: p.partitionId, label: p.name }))}
              value={selected}
              onChange={setPicked}
            />
            <NoSummaryMeterNote partition={shown} />
            {shown && (
              <Card withBorder padding="sm" data-testid="gis-basic-info">
                <Text fw={500}>{t('cascade.basicInfo')}</Text>
                <Text size="sm">
                  {shown.leaderName} · {shown.leaderPhone}
                </Text>
                <Text size="sm">
                  {t('cascade.gisLegend')}:{' '}
                  <FigureValue
                    text={formatPercent(figures?.leakageRate, language)}
                    unknown={figures ? whyNull(figures.leakage, figures.unknown) : null}
                  />
                </Text>
                <Text fw={500} mt="sm">
                  {t('cascade.tree')}
                </Text>
                <Tree points={shown.points} parentId={null} />
              </Card>
            )}
          </Stack>
          <Box style={{ gridColumn: 'span 2' }}>
            <PartitionMap
              partitions={bounded}
              selected={selected}
              onSelect={setPicked}
              meters={shown?.meterPositions ?? []}
              summaryMeterNos={summaryMeterNos}
            />
            <Group gap="xs" mt="xs" data-testid="gis-legend">
              <Text size="xs">{t('cascade.gisLegend')}:</Text>
              {RATE_RANGES.map((r) => (
                <Group key={r.upTo} gap={4}>
                  <Box w={12} h={12} bg={r.color} />
                  <Text size="xs">{t('cascade.rangeUpTo', { rate: formatPercent(r.upTo, language) })}</Text>
                </Group>
              ))}
              <Group gap={4}>
                <Box w={12} h={12} bg={rateColor(null)} />
                <Text size="xs">{t('cascade.unknownRate')}</Text>
              </Group>
            </Group>
          </Box>
        </SimpleGrid>
      )}
    </Card>
  );
}
