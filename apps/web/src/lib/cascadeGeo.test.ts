import { describe, expect, it } from 'vitest';
import { readPartitionGeoJson, viewOf } from './cascadeGeo.ts';

const ring = [
  [120.1, 30.2],
  [120.2, 30.2],
  [120.2, 30.3],
  [120.1, 30.2],
];
const polygon = { type: 'Polygon', coordinates: [ring] };
const point = (meterNo: unknown, coordinates: unknown) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates },
  properties: { meterNo },
});

describe("reading a partition's GeoJSON", () => {
  it('takes a bare Polygon, a Feature of one, or a collection with the boundary and meter points', () => {
    expect(readPartitionGeoJson(JSON.stringify(polygon))).toEqual({
      ok: true,
      geo: { boundary: polygon, positions: [] },
    });
    expect(
      readPartitionGeoJson(
        JSON.stringify({ type: 'Feature', geometry: polygon, properties: { name: 'North' } }),
      ),
    ).toEqual({ ok: true, geo: { boundary: polygon, positions: [] } });
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: polygon, properties: {} },
        point('1000000021', [120.15, 30.25]),
        point(1000000022, [120.16, 30.26]),
      ],
    };
    expect(readPartitionGeoJson(JSON.stringify(collection))).toEqual({
      ok: true,
      geo: {
        boundary: polygon,
        positions: [
          { meterNo: '1000000021', coordinates: [120.15, 30.25] },
          { meterNo: '1000000022', coordinates: [120.16, 30.26] },
        ],
      },
    });
  });

  it('names what is wrong with a bad file', () => {
    const problem = (text: string) => {
      const reading = readPartitionGeoJson(text);
      return reading.ok ? null : reading.problem;
    };
    expect(problem('{ not json')).toBe('notJson');
    expect(problem('[1, 2]')).toBe('notGeoJson');
    expect(problem(JSON.stringify({ hello: 'world' }))).toBe('notGeoJson');
    expect(problem(JSON.stringify({ type: 'FeatureCollection', features: [] }))).toBe('empty');
    // An open ring, and a latitude out of range.
    expect(
      problem(JSON.stringify({ type: 'Polygon', coordinates: [ring.slice(0, 3).concat([[120.3, 30.4]])] })),
    ).toBe('badPolygon');
    expect(
      problem(
        JSON.stringify({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [0, 95],
              [1, 1],
              [0, 0],
            ],
          ],
        }),
      ),
    ).toBe('badPolygon');
    const twice = {
      type: 'FeatureCollection',
      features: [polygon, polygon].map((g) => ({ type: 'Feature', geometry: g })),
    };
    expect(problem(JSON.stringify(twice))).toBe('manyPolygons');
    const noNumber = { type: 'FeatureCollection', features: [point(undefined, [120.1, 30.2])] };
    expect(problem(JSON.stringify(noNumber))).toBe('badPoints');
  });

  it('centres the map on the positions, zoomed so that their span, latitudes stretched, takes 256 pixels', () => {
    const wide = viewOf([
      [120, 30],
      [120.02, 30.01],
    ]);
    expect(wide.longitude).toBeCloseTo(120.01, 9);
    expect(wide.latitude).toBeCloseTo(30.005, 9);
    expect(wide.zoom).toBeCloseTo(Math.log2(360 / 0.02) - 1, 6);
    // Tall at 60 degrees north: 0.01 degree of latitude spans as much as 0.02 of longitude.
    const tall = viewOf([
      [10, 59.995],
      [10.001, 60.005],
    ]);
    expect(tall.zoom).toBeCloseTo(Math.log2(360 / (0.01 / Math.cos(Math.PI / 3))) - 1, 2);
    expect(viewOf([])).toEqual({ longitude: 120.11, latitude: 30.27, zoom: 12 });
  });
});
