import type { MapViewState, Viewport } from '@deck.gl/core';
import { GeoJsonLayer, ScatterplotLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import type { Boundary } from '@hydrolog/schemas';
import { Box, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numberFormat.ts';
import { session } from '../../store/session.ts';
import {
  BasemapAttribution,
  BasemapChoice,
  BasemapNote,
  Corner,
  fitted,
  rgba,
  useBasemap,
} from './BasemapParts.tsx';
import { MAP_GESTURES, meterDotRadius, scaleBar } from './basemap.ts';
import { rateColor } from './cascadeQuery.ts';

/** A partition as the map draws it. */
export interface MapPartition {
  partitionId: string;
  name: string;
  boundary: Boundary;
  leakageRate: number | null;
}

/** Where a partition's name stands: the middle of its boundary's extent. */
function labelPosition(boundary: Boundary): [number, number] {
  const ring = boundary.coordinates[0] ?? [];
  const lngs = ring.map((c) => c[0]);
  const lats = ring.map((c) => c[1]);
  return [(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}

/** The distance of a scale bar in words: metres below a kilometre. */
function distance(meters: number, language: string): string {
  return meters >= 1000
    ? `${formatNumber(meters / 1000, language, 0)} km`
    : `${formatNumber(meters, language, 0)} m`;
}

/** Partition names, scale bar and north arrow over the map, placed with its viewport. */
function Overlay({ viewport, partitions }: { viewport: Viewport; partitions: readonly MapPartition[] }) {
  const { t, i18n } = useTranslation();
  const scale = scaleBar(viewport.metersPerPixel);
  return (
    <Box pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
      {partitions.map((p) => {
        const [x, y] = viewport.project(labelPosition(p.boundary));
        return (
          <Text
            key={p.partitionId}
            size="sm"
            fw={600}
            pos="absolute"
            left={x}
            top={y}
            data-testid="gis-label"
            style={{
              transform: 'translate(-50%, -50%)',
              whiteSpace: 'nowrap',
              textShadow: '0 0 3px #fff, 0 0 3px #fff, 0 0 3px #fff',
            }}
          >
            {p.name}
          </Text>
        );
      })}
      <Corner at={{ top: 8, right: 8 }} label={t('cascade.gisMap.northArrow')} testId="gis-north-arrow">
        <Text size="lg" lh={1} ta="center">
          ▲
        </Text>
        <Text size="xs" fw={700} ta="center">
          {t('cascade.gisMap.north')}
        </Text>
      </Corner>
      <Corner at={{ bottom: 8, left: 8 }} label={t('cascade.gisMap.scale')} testId="gis-scale-bar">
        <Text size="xs">{distance(scale.meters, i18n.language)}</Text>
        <Box w={scale.pixels} h={6} style={{ border: '2px solid #333', borderTop: 'none' }} />
      </Corner>
    </Box>
  );
}

/**
 * The partition map: the configured basemap (spec section 3's map settings, mapType 0 and 1; the one this
 * user last chose) with its attribution over a plain background with a grid, which shows where there is
 * none or it cannot be reached (tiles keep failing, not one alone); the partitions' boundaries coloured by
 * leakage rate with their names, the chosen partition's meters at a size that grows with the zoom, a scale
 * bar and a north arrow. The view fits the chosen partition.
 */
export function PartitionMap({
  partitions,
  selected,
  onSelect,
  meters,
  summaryMeterNos,
}: {
  partitions: readonly MapPartition[];
  selected: string | null;
  onSelect(partitionId: string): void;
  meters: readonly { meterNo: string; coordinates: [number, number] }[];
  summaryMeterNos: ReadonlySet<string>;
}) {
  const info = session.use().info;
  // Fit the chosen partition (its boundary, else its meters), else every boundary, else the tenant's centre.
  const chosen = partitions.find((p) => p.partitionId === selected);
  const focus = useMemo(
    () =>
      chosen
        ? (chosen.boundary.coordinates[0] ?? [])
        : meters.length > 0
          ? meters.map((m) => m.coordinates)
          : partitions.flatMap((p) => p.boundary.coordinates[0] ?? []),
    [chosen, meters, partitions],
  );
  const around = info?.lngLat;
  const focusKey = `${selected}|${focus.length}|${focus[0]}`;
  const [viewState, setViewState] = useState<MapViewState>(() => fitted(focus, around));
  // Refit only when what is in focus changes, not on every new array of the same positions.
  useEffect(() => setViewState(fitted(focus, around)), [focusKey]);
  const basemap = useBasemap(viewState);
  const { t } = useTranslation();

  const layers = [
    ...basemap.layers,
    new GeoJsonLayer({
      id: 'partitions',
      data: {
        type: 'FeatureCollection',
        features: partitions.map((p) => ({
          type: 'Feature' as const,
          geometry: p.boundary,
          properties: { partitionId: p.partitionId, rate: p.leakageRate },
        })),
      },
      pickable: true,
      stroked: true,
      filled: true,
      // Light enough that the basemap shows through, even zoomed in inside a partition.
      getFillColor: (f: { properties: { rate: number | null } }) => rgba(rateColor(f.properties.rate), 60),
      getLineColor: (f: { properties: { rate: number | null; partitionId: string } }) =>
        f.properties.partitionId === selected ? [25, 113, 194, 255] : rgba(rateColor(f.properties.rate), 230),
      getLineWidth: (f: { properties: { partitionId: string } }) =>
        f.properties.partitionId === selected ? 4 : 2,
      lineWidthUnits: 'pixels',
      updateTriggers: { getLineColor: selected, getLineWidth: selected },
      onClick: (picked: { object?: { properties: { partitionId: string } } }) => {
        if (picked.object) onSelect(picked.object.properties.partitionId);
      },
    }),
    new ScatterplotLayer({
      id: 'meters',
      data: meters,
      getPosition: (m: { coordinates: [number, number] }) => m.coordinates,
      getFillColor: (m: { meterNo: string }) =>
        summaryMeterNos.has(m.meterNo) ? [25, 113, 194, 255] : [52, 58, 64, 230],
      // Readable from the farthest zoom and growing at every closer one; summary meters half as large again.
      getRadius: (m: { meterNo: string }) => (summaryMeterNos.has(m.meterNo) ? 1.5 : 1),
      radiusUnits: 'pixels',
      radiusScale: meterDotRadius(viewState.zoom),
      stroked: true,
      getLineColor: [255, 255, 255, 255],
      // A ring of the same width at every zoom, so that the dot's colour grows with it.
      getLineWidth: 1.5,
      lineWidthUnits: 'pixels',
      updateTriggers: { getFillColor: summaryMeterNos, getRadius: summaryMeterNos },
    }),
  ];

  return (
    <Box>
      <BasemapChoice basemap={basemap} mb="xs" />
      <Box
        pos="relative"
        h={520}
        bg="#f4f3ef"
        style={{ border: '1px solid var(--mantine-color-gray-3)', overflow: 'hidden' }}
        data-testid="gis-map"
      >
        {partitions.length === 0 && (
          <Text c="dimmed" p="md">
            {t('cascade.gisNoBoundary')}
          </Text>
        )}
        <DeckGL
          viewState={viewState}
          onViewStateChange={({ viewState: next }) => setViewState(next as MapViewState)}
          controller={{ dragRotate: false, touchRotate: false }}
          eventRecognizerOptions={MAP_GESTURES}
          layers={layers}
        >
          {({ viewport }) => <Overlay viewport={viewport} partitions={partitions} />}
        </DeckGL>
        <BasemapAttribution basemap={basemap} />
      </Box>
      <BasemapNote basemap={basemap} />
    </Box>
  );
}
