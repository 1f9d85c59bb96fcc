import type { MapViewState } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import { Box, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../store/session.ts';
import {
  BasemapAttribution,
  BasemapChoice,
  BasemapNote,
  fitted,
  MAP_GESTURES,
  useBasemap,
} from '../cascade/index.ts';

/**
 * A location picked on the map (spec section 5): a click places the point and says the provider it was
 * picked on; the point typed in the coordinates shows where it is.
 */
export function LocationPicker({
  value,
  onPick,
  error,
}: {
  value: [number, number] | null;
  onPick(position: [number, number], mapType: 0 | 1): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const around = session.use().info?.lngLat;
  const [viewState, setViewState] = useState<MapViewState>(() => fitted(value ? [value] : [], around));
  const basemap = useBasemap(viewState);
  const layers = [
    ...basemap.layers,
    value &&
      new ScatterplotLayer({
        id: 'picked',
        data: [value],
        getPosition: (p: [number, number]) => p,
        getFillColor: [224, 49, 49, 255],
        getRadius: 7,
        radiusUnits: 'pixels',
        stroked: true,
        getLineColor: [255, 255, 255, 255],
        getLineWidth: 2,
        lineWidthUnits: 'pixels',
      }),
  ];
  return (
    <Box>
      <Text size="sm" fw={500}>
        {t('devices.location')}{' '}
        <Text span c="red">
          *
        </Text>
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {t('devices.locationHint')}
      </Text>
      <BasemapChoice basemap={basemap} mb="xs" />
      <Box
        pos="relative"
        h={240}
        bg="#f4f3ef"
        style={{ border: `1px solid var(--mantine-color-${error ? 'red-6' : 'gray-3'})`, overflow: 'hidden' }}
        data-testid="device-location-map"
      >
        <DeckGL
          viewState={viewState}
          onViewStateChange={({ viewState: next }) => setViewState(next as MapViewState)}
          controller={{ dragRotate: false, touchRotate: false, doubleClickZoom: false }}
          eventRecognizerOptions={MAP_GESTURES}
          layers={layers}
          getCursor={() => 'crosshair'}
          onClick={(info) => {
            const [lng, lat] = info.coordinate ?? [];
            if (lng === undefined || lat === undefined) return;
            const round = (n: number) => Math.round(n * 1e6) / 1e6;
            onPick([round(lng), round(lat)], basemap.mapType ?? 0);
          }}
        />
        <BasemapAttribution basemap={basemap} />
      </Box>
      <BasemapNote basemap={basemap} />
      {error && (
        <Text size="xs" c="red" mt={4}>
          {error}
        </Text>
      )}
    </Box>
  );
}
