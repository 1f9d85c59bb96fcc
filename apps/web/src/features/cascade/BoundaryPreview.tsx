import { GeoJsonLayer, ScatterplotLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import type { PartitionGeo } from './cascadeGeo.ts';
import { viewOf } from './cascadeGeo.ts';

/**
 * A partition's boundary and meter positions on a deck.gl map without basemap, before they are saved.
 * deck.gl comes with it: imported through React.lazy only, so it stays in the map chunk.
 */
export function BoundaryPreview({ geo }: { geo: PartitionGeo }) {
  const ring = geo.boundary?.coordinates[0] ?? [];
  const layers = [
    new GeoJsonLayer({
      id: 'boundary-preview',
      data: {
        type: 'FeatureCollection',
        features: geo.boundary ? [{ type: 'Feature' as const, geometry: geo.boundary, properties: {} }] : [],
      },
      stroked: true,
      filled: true,
      lineWidthMinPixels: 2,
      getFillColor: [25, 113, 194, 60],
      getLineColor: [25, 113, 194, 255],
    }),
    new ScatterplotLayer({
      id: 'positions-preview',
      data: geo.positions,
      getPosition: (m: { coordinates: [number, number] }) => m.coordinates,
      getFillColor: [60, 60, 60, 220],
      getRadius: 4,
      radiusMinPixels: 3,
      radiusMaxPixels: 6,
    }),
  ];
  return (
    <DeckGL
      initialViewState={viewOf([...ring, ...geo.positions.map((p) => p.coordinates)])}
      controller
      layers={layers}
    />
  );
}
