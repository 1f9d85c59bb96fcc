import { GeoJsonLayer, ScatterplotLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import type { CascadeOverview, PartitionDetail, PointView, UnknownReason } from '@hydrolog/schemas';
import { Box, Card, Group, List, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureValue, whyNull } from '../../components/FigureValue.tsx';
import { formatNumber, formatPercent } from '../../lib/numberFormat.ts';
import { session } from '../../store/session.ts';
import { getPartition, gisOverview } from './api/cascade.ts';
import { viewOf } from './cascadeGeo.ts';
import { RATE_RANGES, rateColor } from './cascadeQuery.ts';

/** The route of this page (menu catalogue component 'cascade/gis/index'). */
export const CASCADE_GIS_PATH = '/cascade/gis';

/** '#rrggbb' as deck.gl's [r, g, b, a]. */
function rgba(hex: string, alpha: number): [number, number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}

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
 * tenant's counts. deck.gl GeoJSON layers, no basemap; this page is its own chunk (React.lazy).
 */
export function CascadeGis() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [overview, setOverview] = useState<CascadeOverview | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [partition, setPartition] = useState<PartitionDetail | null>(null);

  useEffect(() => {
    gisOverview().then(
      (o) => {
        setOverview(o);
        setSelected((s) => s ?? o.partitionFigures[0]?.partitionId ?? null);
      },
      () => undefined,
    );
  }, []);
  useEffect(() => {
    if (selected) getPartition(selected).then(setPartition, () => setPartition(null));
  }, [selected]);

  const bounded = useMemo(() => (overview?.partitionFigures ?? []).filter((p) => p.boundary), [overview]);
  // The tenant's map centre when no partition has a boundary yet.
  const around = session.use().info?.lngLat;
  const viewState = useMemo(
    () =>
      viewOf(
        bounded.flatMap((p) => p.boundary!.coordinates[0] ?? []),
        around,
      ),
    [bounded, around],
  );

  const layers = [
    new GeoJsonLayer({
      id: 'partitions',
      data: {
        type: 'FeatureCollection',
        features: bounded.map((p) => ({
          type: 'Feature' as const,
          geometry: p.boundary!,
          properties: { partitionId: p.partitionId, rate: p.leakageRate },
        })),
      },
      pickable: true,
      stroked: true,
      filled: true,
      lineWidthMinPixels: 2,
      getFillColor: (f: { properties: { rate: number | null } }) => rgba(rateColor(f.properties.rate), 110),
      getLineColor: (f: { properties: { partitionId: string } }) =>
        f.properties.partitionId === selected ? [25, 113, 194, 255] : [80, 80, 80, 200],
      updateTriggers: { getLineColor: selected },
      onClick: (info: { object?: { properties: { partitionId: string } } }) => {
        if (info.object) setSelected(info.object.properties.partitionId);
      },
    }),
    new ScatterplotLayer({
      id: 'meters',
      data: partition?.meterPositions ?? [],
      getPosition: (m: { coordinates: [number, number] }) => m.coordinates,
      getFillColor: (m: { meterNo: string }) =>
        partition?.points.some((p) => p.summaryMeter?.meterNo === m.meterNo)
          ? [25, 113, 194, 255]
          : [60, 60, 60, 200],
      getRadius: 4,
      radiusMinPixels: 2,
      radiusMaxPixels: 6,
    }),
  ];

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
              <Fact testId="gis-levels" label={t('cascade.levels')} value={String(partition?.levels ?? '')} />
            </SimpleGrid>
            <Select
              label={t('cascade.partition')}
              data={overview.partitionFigures.map((p) => ({ value: p.partitionId, label: p.name }))}
              value={selected}
              onChange={setSelected}
            />
            {partition && (
              <Card withBorder padding="sm" data-testid="gis-basic-info">
                <Text fw={500}>{t('cascade.basicInfo')}</Text>
                <Text size="sm">
                  {partition.leaderName} · {partition.leaderPhone}
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
                <Tree points={partition.points} parentId={null} />
              </Card>
            )}
          </Stack>
          <Box style={{ gridColumn: 'span 2' }}>
            <Box
              pos="relative"
              h={520}
              style={{ border: '1px solid var(--mantine-color-gray-3)' }}
              data-testid="gis-map"
            >
              {bounded.length === 0 && (
                <Text c="dimmed" p="md">
                  {t('cascade.gisNoBoundary')}
                </Text>
              )}
              <DeckGL initialViewState={viewState} controller layers={layers} />
            </Box>
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
