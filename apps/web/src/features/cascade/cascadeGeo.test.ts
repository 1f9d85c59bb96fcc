import { boundarySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import {
  closeRing,
  crossesItself,
  type DrawAction,
  type Drawing,
  drawnGeo,
  drawStep,
  EMPTY_DRAWING,
  graticule,
  inRange,
  type LngLat,
  readPartitionGeoJson,
  ringArea,
  roundPosition,
  segmentsMeet,
  viewOf,
} from './cascadeGeo.ts';

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
    // A bow tie: its second and fourth edges cross.
    const bowTie = [
      [120.1, 30.2],
      [120.2, 30.3],
      [120.2, 30.2],
      [120.1, 30.3],
      [120.1, 30.2],
    ];
    expect(problem(JSON.stringify({ type: 'Polygon', coordinates: [bowTie] }))).toBe('crossingPolygon');
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
    // The tenant's map centre when there is nothing to show.
    expect(viewOf([], [2.35, 48.85])).toEqual({ longitude: 2.35, latitude: 48.85, zoom: 12 });
    expect(viewOf([[120, 30]], [2.35, 48.85]).longitude).toBe(120);
  });
});

describe('drawing a boundary', () => {
  const square: LngLat[] = [
    [120.1, 30.2],
    [120.2, 30.2],
    [120.2, 30.3],
    [120.1, 30.3],
  ];

  it('closes a counter-clockwise ring as drawn, its first position repeated last, as the server takes it', () => {
    const closed = closeRing(square);
    expect(closed).toEqual({
      ok: true,
      boundary: { type: 'Polygon', coordinates: [[...square, square[0]]] },
    });
    expect(closed.ok && boundarySchema.safeParse(closed.boundary).success).toBe(true);
    // Three vertices are enough.
    expect(closeRing(square.slice(0, 3))).toMatchObject({ ok: true });
  });

  it('turns a clockwise ring counter-clockwise (RFC 7946 exterior rings), starting where it was drawn', () => {
    const clockwise = [...square].reverse();
    expect(ringArea(clockwise)).toBeLessThan(0);
    const closed = closeRing(clockwise);
    expect(closed.ok && closed.boundary.coordinates[0]).toEqual([
      [120.1, 30.3],
      [120.1, 30.2],
      [120.2, 30.2],
      [120.2, 30.3],
      [120.1, 30.3],
    ]);
    expect(closed.ok && ringArea(closed.boundary.coordinates[0]!.slice(0, -1))).toBeGreaterThan(0);
  });

  it('counts a vertex clicked twice in a row once, and takes a ring already closed as it is', () => {
    const twice: LngLat[] = [square[0]!, square[1]!, square[1]!, square[2]!, square[3]!, square[0]!];
    expect(closeRing(twice)).toEqual(closeRing(square));
    expect(closeRing([square[0]!, square[1]!, square[1]!, square[0]!])).toEqual({
      ok: false,
      problem: 'tooFew',
    });
  });

  it('needs at least three distinct vertices', () => {
    expect(closeRing([])).toEqual({ ok: false, problem: 'tooFew' });
    expect(closeRing(square.slice(0, 2))).toEqual({ ok: false, problem: 'tooFew' });
  });

  it('refuses vertices out of range: longitude beyond ±180, latitude beyond ±90, not a number', () => {
    expect(inRange([180, -90])).toBe(true);
    expect(inRange([-180, 90])).toBe(true);
    expect(inRange([180.0001, 0])).toBe(false);
    expect(inRange([0, -90.5])).toBe(false);
    expect(inRange([Number.NaN, 0])).toBe(false);
    expect(inRange([0, Number.POSITIVE_INFINITY])).toBe(false);
    // A click past the antimeridian of an unwrapped map.
    expect(
      closeRing([
        [179.9, 10],
        [180.2, 10],
        [180, 10.2],
      ]),
    ).toEqual({ ok: false, problem: 'outOfRange' });
  });

  it('refuses vertices all on one line: no area', () => {
    expect(
      closeRing([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toEqual({ ok: false, problem: 'noArea' });
  });

  it('refuses a ring that crosses itself: a bow tie, a loop, a touch, an edge folding back', () => {
    const bowTie: LngLat[] = [square[0]!, square[2]!, square[1]!, square[3]!];
    expect(crossesItself(bowTie)).toBe(true);
    expect(closeRing(bowTie)).toEqual({ ok: false, problem: 'crossing' });
    // A pentagram-like loop drawn over itself.
    const star: LngLat[] = [
      [0, 0],
      [2, 6],
      [4, 0],
      [-1, 4],
      [5, 4],
    ];
    expect(closeRing(star)).toEqual({ ok: false, problem: 'crossing' });
    // The fifth vertex lands on the first edge: the ring touches itself.
    const touching: LngLat[] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [2, 2],
      [2, 0],
      [1, -1],
    ];
    expect(closeRing(touching)).toEqual({ ok: false, problem: 'crossing' });
    // Twice through the same vertex (a figure eight).
    const eight: LngLat[] = [
      [0, 0],
      [1, 1],
      [2, 0],
      [2, 2],
      [1, 1],
      [0, 2],
    ];
    expect(closeRing(eight)).toEqual({ ok: false, problem: 'crossing' });
    // Out along an edge and straight back along it.
    const spike: LngLat[] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [4, 6],
      [4, 5],
      [0, 4],
    ];
    expect(closeRing(spike)).toEqual({ ok: false, problem: 'crossing' });
    // A concave ring (an L) is fine; so are three vertices in line within a bigger ring.
    const ell: LngLat[] = [
      [0, 0],
      [4, 0],
      [4, 1],
      [1, 1],
      [1, 4],
      [0, 4],
    ];
    expect(crossesItself(ell)).toBe(false);
    expect(
      crossesItself([
        [0, 0],
        [2, 0],
        [4, 0],
        [4, 4],
      ] as LngLat[]),
    ).toBe(false);
  });

  it('tells segments that cross, touch or overlap from ones that miss', () => {
    expect(segmentsMeet([0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(segmentsMeet([0, 0], [2, 0], [1, 0], [1, 3])).toBe(true);
    expect(segmentsMeet([0, 0], [2, 0], [1, 0], [3, 0])).toBe(true);
    expect(segmentsMeet([0, 0], [2, 0], [3, 0], [4, 0])).toBe(false);
    expect(segmentsMeet([0, 0], [2, 0], [1, 1], [1, 3])).toBe(false);
    expect(segmentsMeet([0, 0], [2, 2], [3, 3], [4, 0])).toBe(false);
  });
});

describe('drawing step by step', () => {
  /** The drawing after these steps, every one of them taken. */
  const after = (...actions: DrawAction[]) =>
    actions.reduce<Drawing>((drawing, action) => {
      const step = drawStep(drawing, action);
      if (!step.ok) throw new Error(`refused: ${step.problem}`);
      return step.drawing;
    }, EMPTY_DRAWING);
  const add = (lng: number, lat: number): DrawAction => ({ type: 'add', at: [lng, lat] });
  const triangle = [add(120.1, 30.2), add(120.2, 30.2), add(120.2, 30.3)];

  it('adds vertices in order, a double click once, and undoes the last one', () => {
    expect(after(...triangle).vertices).toEqual([
      [120.1, 30.2],
      [120.2, 30.2],
      [120.2, 30.3],
    ]);
    expect(after(add(120.1, 30.2), add(120.1, 30.2)).vertices).toHaveLength(1);
    expect(after(...triangle, { type: 'undo' }).vertices).toHaveLength(2);
    expect(after({ type: 'undo' })).toEqual(EMPTY_DRAWING);
  });

  it('closes the ring with closeRing, and undo opens it again with its vertices', () => {
    const closed = after(...triangle, { type: 'close' });
    expect(closed.boundary?.coordinates[0]).toEqual([
      [120.1, 30.2],
      [120.2, 30.2],
      [120.2, 30.3],
      [120.1, 30.2],
    ]);
    const reopened = after(...triangle, { type: 'close' }, { type: 'undo' });
    expect(reopened).toMatchObject({ boundary: null, vertices: closed.vertices });
    // No vertex is added to a closed ring.
    expect(drawStep(closed, add(120.3, 30.3))).toEqual({ ok: false, problem: 'closed' });
  });

  it('refuses to close too few vertices or a crossing ring, and a vertex or meter out of range', () => {
    expect(drawStep(after(...triangle.slice(0, 2)), { type: 'close' })).toEqual({
      ok: false,
      problem: 'tooFew',
    });
    const bowTie = after(add(0, 0), add(1, 1), add(1, 0), add(0, 1));
    expect(drawStep(bowTie, { type: 'close' })).toEqual({ ok: false, problem: 'crossing' });
    expect(drawStep(EMPTY_DRAWING, add(181, 0))).toEqual({ ok: false, problem: 'outOfRange' });
    expect(drawStep(EMPTY_DRAWING, { type: 'place', meterNo: '1', at: [0, -91] })).toEqual({
      ok: false,
      problem: 'outOfRange',
    });
  });

  it('places a meter once (placing it again moves it), takes a placement back, and clears only the ring', () => {
    const placed = after(
      { type: 'place', meterNo: '1000000070', at: [120.15, 30.25] },
      { type: 'place', meterNo: '1000000071', at: [120.16, 30.26] },
      { type: 'place', meterNo: '1000000070', at: [120.17, 30.27] },
    );
    expect(placed.placed).toEqual([
      { meterNo: '1000000071', coordinates: [120.16, 30.26] },
      { meterNo: '1000000070', coordinates: [120.17, 30.27] },
    ]);
    const cleared = drawStep(placed, { type: 'unplace', meterNo: '1000000071' });
    expect(cleared.ok && cleared.drawing.placed.map((p) => p.meterNo)).toEqual(['1000000070']);
    const withRing = after(
      ...triangle,
      { type: 'close' },
      { type: 'place', meterNo: '7', at: [120.18, 30.22] },
    );
    expect(after(...triangle, { type: 'close' }, { type: 'clear' })).toEqual(EMPTY_DRAWING);
    const clearedRing = drawStep(withRing, { type: 'clear' });
    expect(clearedRing.ok && clearedRing.drawing).toEqual({ ...EMPTY_DRAWING, placed: withRing.placed });
  });

  it('saves what an imported file would: the closed boundary and the placed meters, never an open ring', () => {
    expect(drawnGeo(EMPTY_DRAWING)).toEqual({ ok: false, problem: 'nothing' });
    expect(drawnGeo(after(...triangle))).toEqual({ ok: false, problem: 'open' });
    const closed = after(
      ...triangle,
      { type: 'close' },
      { type: 'place', meterNo: '7', at: [120.18, 30.22] },
    );
    expect(drawnGeo(closed)).toEqual({
      ok: true,
      geo: { boundary: closed.boundary, positions: [{ meterNo: '7', coordinates: [120.18, 30.22] }] },
    });
    // Meters alone, the boundary left as it is.
    const meters = after({ type: 'place', meterNo: '7', at: [120.18, 30.22] });
    expect(drawnGeo(meters)).toEqual({ ok: true, geo: { boundary: null, positions: meters.placed } });
  });
});

describe('the drawing map', () => {
  it('keeps a clicked position to 7 decimals', () => {
    expect(roundPosition([120.123456789, -30.000000049])).toEqual([120.1234568, -30]);
  });

  it('draws grid lines 1, 2 or 5 x 10^k degrees apart, about a fifth of a tile, around the centre', () => {
    // Zoom 12: a tile spans 360 / 4096 = 0.088 degrees; a fifth is 0.0176, so 0.02 apart.
    const grid = graticule({ longitude: 120.111, latitude: 30.27, zoom: 12 });
    expect(grid.step).toBe(0.02);
    expect(grid.lines).toHaveLength(82);
    const meridians = grid.lines.filter((l) => l[0]![0] === l[1]![0]).map((l) => l[0]![0]);
    expect(meridians).toContain(120.12);
    expect(meridians).toContain(120.1);
    expect(Math.min(...meridians)).toBeCloseTo(119.72, 9);
    expect(graticule({ longitude: 0, latitude: 0, zoom: 16 }).step).toBe(0.002);
    expect(graticule({ longitude: 0, latitude: 0, zoom: 17 }).step).toBe(0.001);
    expect(graticule({ longitude: 0, latitude: 0, zoom: 2 }).step).toBe(20);
    // Near the pole the parallels stop at 85 degrees.
    const north = graticule({ longitude: 0, latitude: 80, zoom: 4 });
    expect(north.lines.every((l) => l.every(([, lat]) => Math.abs(lat) <= 85))).toBe(true);
  });
});
