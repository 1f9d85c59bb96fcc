import type { MapViewState } from '@deck.gl/core';
import type { MapProvider } from '@hydrolog/schemas';
import { Box, SegmentedControl, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../store/session.ts';
import { BasemapLayer, graticuleLayer } from './BasemapLayer.ts';
import { afterTile, DECK_ZOOMS, isUnreachable, type TileFailures } from './basemap.ts';
import { graticule, viewOf } from './cascadeGeo.ts';
import { remember, remembered, startingProvider, useViewer } from './partitionChoice.ts';

/** '#rrggbb' as deck.gl's [r, g, b, a]. */
export function rgba(hex: string, alpha: number): [number, number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}

/** The view that shows these positions, within spec section 9's zoom range. */
export function fitted(
  positions: readonly (readonly [number, number])[],
  around?: readonly [number, number],
) {
  const view = viewOf(positions, around);
  return {
    ...view,
    zoom:
      positions.length === 0
        ? DECK_ZOOMS.initial
        : Math.max(DECK_ZOOMS.min, Math.min(DECK_ZOOMS.max, view.zoom)),
    minZoom: DECK_ZOOMS.min,
    maxZoom: DECK_ZOOMS.max,
    pitch: 0,
    bearing: 0,
  };
}

/** A small light panel in a corner of a map. */
export function Corner({
  at,
  label,
  testId,
  children,
}: {
  at: { top?: number; right?: number; bottom?: number; left?: number };
  label?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box
      pos="absolute"
      {...at}
      px={4}
      bg="rgba(255,255,255,0.85)"
      style={{ borderRadius: 4 }}
      role={label ? 'group' : undefined}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

/**
 * The basemap of every map of the product: the configured provider (spec section 3's map settings, mapType 0
 * and 1; the one this user last chose) over a plain background with a grid, which shows where there is none
 * or it cannot be reached (tiles keep failing, not one alone). `layers` go under the map's own layers.
 */
export function useBasemap(viewState: MapViewState) {
  const info = session.use().info;
  const providers = info?.mapProviders ?? [];
  const viewer = useViewer();
  const [mapType, setMapType] = useState(() =>
    startingProvider(providers, viewer && remembered(viewer, 'mapType')),
  );
  // Tiles failed in a row by provider: a tile of it that loads sets its count back to 0, and so does choosing it.
  const [failures, setFailures] = useState<TileFailures>({});
  const choose = (chosen: MapProvider['mapType']) => {
    setMapType(chosen);
    setFailures((counts) => ({ ...counts, [chosen]: 0 }));
    if (viewer) remember(viewer, 'mapType', String(chosen));
  };
  const provider = providers.find((p) => p.mapType === mapType);
  const grid = useMemo(() => graticule(viewState), [viewState]);
  const layers = [
    graticuleLayer('grid', grid.lines),
    provider &&
      new BasemapLayer({
        id: `basemap-${provider.mapType}`,
        tiles: provider.tiles,
        onTile: (loaded: boolean) => setFailures((counts) => afterTile(counts, provider.mapType, loaded)),
      }),
  ];
  return {
    providers,
    provider,
    mapType,
    choose,
    unreachable: provider !== undefined && isUnreachable(failures, provider.mapType),
    layers,
  };
}
export type Basemap = ReturnType<typeof useBasemap>;

/** The choice between the two configured providers, shown when there are two. */
export function BasemapChoice({ basemap, mb }: { basemap: Basemap; mb?: string }) {
  const { t } = useTranslation();
  if (basemap.providers.length < 2) return null;
  return (
    <SegmentedControl
      size="xs"
      mb={mb}
      data-testid="gis-provider"
      value={String(basemap.mapType)}
      onChange={(v) => basemap.choose(Number(v) as MapProvider['mapType'])}
      data={basemap.providers.map((p) => ({
        value: String(p.mapType),
        label: t('cascade.gisMap.provider', { number: p.mapType + 1 }),
      }))}
    />
  );
}

/** The provider's attribution in the map's bottom-right corner (its licence asks for it). */
export function BasemapAttribution({ basemap }: { basemap: Basemap }) {
  if (!basemap.provider?.attribution) return null;
  return (
    <Corner at={{ bottom: 0, right: 0 }} testId="gis-attribution">
      <Text size="xs">{basemap.provider.attribution}</Text>
    </Corner>
  );
}

/** Why the grid shows: no basemap configured, or one that cannot be reached. */
export function BasemapNote({ basemap, color = 'dimmed' }: { basemap: Basemap; color?: string }) {
  const { t } = useTranslation();
  if (basemap.provider && !basemap.unreachable) return null;
  return (
    <Text size="xs" c={color} mt={4} data-testid="gis-basemap-note">
      {t(basemap.unreachable ? 'cascade.gisMap.basemapUnreachable' : 'cascade.gisMap.noBasemap')}
    </Text>
  );
}
