import {
  type Boundary,
  boundarySchema,
  DEFAULT_MAP_CENTRE,
  meterPositionsBodySchema,
} from '@hydrolog/schemas';

/** What a partition's GeoJSON file brings: its boundary polygon and where its meters stand. */
export interface PartitionGeo {
  boundary: Boundary | null;
  positions: { meterNo: string; coordinates: [number, number] }[];
}

/** Why a file was refused (an i18n key under cascade.geo.problems). */
export type GeoProblem =
  | 'notJson'
  | 'notGeoJson'
  | 'empty'
  | 'manyPolygons'
  | 'badPolygon'
  | 'crossingPolygon'
  | 'badPoints';

export type GeoReading = { ok: true; geo: PartitionGeo } | { ok: false; problem: GeoProblem };

interface GeoObject {
  type?: unknown;
  coordinates?: unknown;
  geometry?: GeoObject | null;
  properties?: Record<string, unknown> | null;
  features?: unknown;
}

const isObject = (value: unknown): value is GeoObject => typeof value === 'object' && value !== null;

/**
 * Reads a partition's GeoJSON (RFC 7946, coordinates [lng, lat]): a Polygon, a Feature of one, or a
 * FeatureCollection with at most one Polygon (the boundary) and Point features carrying their meter
 * number in `properties.meterNo` (the meters' positions). Checked with the shared schemas the server uses.
 */
export function readPartitionGeoJson(text: string): GeoReading {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  if (!isObject(root)) return { ok: false, problem: 'notGeoJson' };
  const features: GeoObject[] =
    root.type === 'FeatureCollection' && Array.isArray(root.features)
      ? root.features.filter(isObject)
      : root.type === 'Feature'
        ? [root]
        : typeof root.type === 'string' && 'coordinates' in root
          ? [{ type: 'Feature', geometry: root, properties: {} }]
          : [];
  if (features.length === 0 && root.type !== 'FeatureCollection') return { ok: false, problem: 'notGeoJson' };

  const polygons = features.filter((f) => f.geometry?.type === 'Polygon');
  if (polygons.length > 1) return { ok: false, problem: 'manyPolygons' };
  let boundary: Boundary | null = null;
  if (polygons[0]) {
    const parsed = boundarySchema.safeParse({
      type: 'Polygon',
      coordinates: polygons[0].geometry!.coordinates,
    });
    if (!parsed.success) return { ok: false, problem: 'badPolygon' };
    if (parsed.data.coordinates.some((ring) => crossesItself(ring.slice(0, -1))))
      return { ok: false, problem: 'crossingPolygon' };
    boundary = parsed.data;
  }
  const points = features
    .filter((f) => f.geometry?.type === 'Point')
    .map((f) => ({ meterNo: String(f.properties?.meterNo ?? ''), coordinates: f.geometry!.coordinates }));
  const positions = meterPositionsBodySchema.shape.positions.safeParse(points);
  if (!positions.success) return { ok: false, problem: 'badPoints' };
  if (!boundary && positions.data.length === 0) return { ok: false, problem: 'empty' };
  return { ok: true, geo: { boundary, positions: positions.data } };
}

/**
 * The centre and zoom that show these [lng, lat] positions in about 256 pixels (`around`, the tenant's map
 * centre, when there are none): deck.gl draws the world 512 pixels wide at zoom 0, and Web Mercator stretches latitudes by
 * 1 / cos(latitude).
 */
export function viewOf(
  positions: readonly (readonly [number, number])[],
  around: readonly [number, number] = DEFAULT_MAP_CENTRE,
) {
  if (positions.length === 0) return { longitude: around[0], latitude: around[1], zoom: 12 };
  const lngs = positions.map((c) => c[0]);
  const lats = positions.map((c) => c[1]);
  const latitude = (Math.max(...lats) + Math.min(...lats)) / 2;
  const stretch = 1 / Math.max(0.1, Math.cos((latitude * Math.PI) / 180));
  const span = Math.max(
    Math.max(...lngs) - Math.min(...lngs),
    (Math.max(...lats) - Math.min(...lats)) * stretch,
    0.001,
  );
  return {
    longitude: (Math.max(...lngs) + Math.min(...lngs)) / 2,
    latitude,
    zoom: Math.min(18, Math.log2(360 / span) - 1),
  };
}

// ---- Drawing a boundary ------------------------------------------------------------------------------

/** A position [lng, lat] as GeoJSON writes it. */
export type LngLat = readonly [number, number];

/** Why a drawn ring cannot be closed (an i18n key under cascade.geo.draw.problems). */
export type RingProblem = 'tooFew' | 'outOfRange' | 'noArea' | 'crossing';

/** A longitude within [-180, 180] and a latitude within [-90, 90] (what the server's schema accepts). */
export function inRange(position: LngLat): boolean {
  const [lng, lat] = position;
  return Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
}

const same = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** The vertices without repeats in a row, nor a last one that repeats the first (a ring closed already). */
function distinctVertices(vertices: readonly LngLat[]): LngLat[] {
  const kept = vertices.filter((v, i) => i === 0 || !same(v, vertices[i - 1]!));
  while (kept.length > 1 && same(kept[0]!, kept.at(-1)!)) kept.pop();
  return kept;
}

/** The signed area of the polygon through these vertices (shoelace), square degrees: positive counter-clockwise. */
export function ringArea(vertices: readonly LngLat[]): number {
  let sum = 0;
  for (let i = 0; i < vertices.length; i++) {
    const [x1, y1] = vertices[i]!;
    const [x2, y2] = vertices[(i + 1) % vertices.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** The cross product of (b - a) and (c - a): > 0 when c lies left of a→b, 0 when the three are in line. */
const cross = (a: LngLat, b: LngLat, c: LngLat) =>
  (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** c, in line with a→b, lies on the segment (ends included). */
const within = (a: LngLat, b: LngLat, c: LngLat) =>
  Math.min(a[0], b[0]) <= c[0] &&
  c[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= c[1] &&
  c[1] <= Math.max(a[1], b[1]);

/** Segments a-b and c-d share at least one point (a crossing, a touch or an overlap). */
export function segmentsMeet(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const d1 = Math.sign(cross(c, d, a));
  const d2 = Math.sign(cross(c, d, b));
  const d3 = Math.sign(cross(a, b, c));
  const d4 = Math.sign(cross(a, b, d));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (
    (d1 === 0 && within(c, d, a)) ||
    (d2 === 0 && within(c, d, b)) ||
    (d3 === 0 && within(a, b, c)) ||
    (d4 === 0 && within(a, b, d))
  );
}

/**
 * Whether the ring through these vertices (open: the last joins the first) crosses or touches itself: two
 * edges that are not neighbours meet, or an edge folds back along the one before it. Planar in degrees,
 * which is what a boundary of a few kilometres needs.
 */
export function crossesItself(vertices: readonly LngLat[]): boolean {
  const ring = distinctVertices(vertices);
  const n = ring.length;
  const at = (i: number) => ring[i % n]!;
  for (let i = 0; i < n; i++) {
    // Neighbours share a vertex; they overlap when the second turns straight back along the first.
    const [p, q, r] = [at(i), at(i + 1), at(i + 2)];
    const back = (p[0] - q[0]) * (r[0] - q[0]) + (p[1] - q[1]) * (r[1] - q[1]);
    if (n > 2 && cross(q, p, r) === 0 && back > 0) return true;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsMeet(at(i), at(i + 1), at(j), at(j + 1))) return true;
    }
  }
  return false;
}

/**
 * Closes a ring drawn vertex by vertex into a partition boundary: at least 3 distinct vertices (repeats in a
 * row count once), each within range, enclosing an area, not crossing itself. The ring comes back closed (its
 * first position repeated last) and counter-clockwise, as RFC 7946 has exterior rings.
 */
export function closeRing(
  vertices: readonly LngLat[],
): { ok: true; boundary: Boundary } | { ok: false; problem: RingProblem } {
  const ring = distinctVertices(vertices);
  if (ring.length < 3) return { ok: false, problem: 'tooFew' };
  if (!ring.every(inRange)) return { ok: false, problem: 'outOfRange' };
  if (ring.every((v) => cross(ring[0]!, ring[1]!, v) === 0)) return { ok: false, problem: 'noArea' };
  if (crossesItself(ring)) return { ok: false, problem: 'crossing' };
  // Counter-clockwise, still starting at the first vertex drawn.
  const ccw = ringArea(ring) > 0 ? ring : [ring[0]!, ...ring.slice(1).reverse()];
  const coordinates = [...ccw, ccw[0]!].map(([lng, lat]) => [lng, lat] as [number, number]);
  return { ok: true, boundary: { type: 'Polygon', coordinates: [coordinates] } };
}

/** A boundary and meter positions being drawn on the map, vertex by vertex and meter by meter. */
export interface Drawing {
  /** The ring's vertices in the order clicked, [lng, lat]; kept when it is closed, for undo. */
  vertices: LngLat[];
  /** The closed ring (closeRing's), null while it is open. */
  boundary: Boundary | null;
  /** Meters placed by clicking, one position per meter, in the order placed. */
  placed: { meterNo: string; coordinates: [number, number] }[];
}

export const EMPTY_DRAWING: Drawing = { vertices: [], boundary: null, placed: [] };

export type DrawAction =
  | { type: 'add'; at: LngLat }
  | { type: 'undo' }
  | { type: 'close' }
  | { type: 'clear' }
  | { type: 'place'; meterNo: string; at: LngLat }
  | { type: 'unplace'; meterNo: string };

/** Why a drawing step was refused (an i18n key under cascade.geo.draw.problems). */
export type DrawProblem = RingProblem | 'closed';

/**
 * One step of drawing: add a vertex (the same one twice in a row counts once), undo the last vertex (on a
 * closed ring: open it again), close the ring (closeRing's checks), clear the ring, place a meter (again:
 * moves it) or take a placement back. A refused step names its problem and changes nothing.
 */
export function drawStep(
  drawing: Drawing,
  action: DrawAction,
): { ok: true; drawing: Drawing } | { ok: false; problem: DrawProblem } {
  const done = (next: Partial<Drawing>) => ({ ok: true as const, drawing: { ...drawing, ...next } });
  switch (action.type) {
    case 'add': {
      if (drawing.boundary) return { ok: false, problem: 'closed' };
      if (!inRange(action.at)) return { ok: false, problem: 'outOfRange' };
      const last = drawing.vertices.at(-1);
      if (last && same(last, action.at)) return done({});
      return done({ vertices: [...drawing.vertices, [action.at[0], action.at[1]]] });
    }
    case 'undo':
      return drawing.boundary ? done({ boundary: null }) : done({ vertices: drawing.vertices.slice(0, -1) });
    case 'close': {
      if (drawing.boundary) return done({});
      const closed = closeRing(drawing.vertices);
      return closed.ok ? done({ boundary: closed.boundary }) : closed;
    }
    case 'clear':
      return done({ vertices: [], boundary: null });
    case 'place': {
      if (!inRange(action.at)) return { ok: false, problem: 'outOfRange' };
      const others = drawing.placed.filter((p) => p.meterNo !== action.meterNo);
      return done({
        placed: [...others, { meterNo: action.meterNo, coordinates: [action.at[0], action.at[1]] }],
      });
    }
    case 'unplace':
      return done({ placed: drawing.placed.filter((p) => p.meterNo !== action.meterNo) });
  }
}

/**
 * What a drawing would save, as an imported file would: its closed boundary (or none) and the meters
 * placed. 'open' while the ring has vertices but is not closed; 'nothing' when there is nothing to save.
 */
export function drawnGeo(
  drawing: Drawing,
): { ok: true; geo: PartitionGeo } | { ok: false; problem: 'open' | 'nothing' } {
  if (!drawing.boundary && drawing.vertices.length > 0) return { ok: false, problem: 'open' };
  if (!drawing.boundary && drawing.placed.length === 0) return { ok: false, problem: 'nothing' };
  return { ok: true, geo: { boundary: drawing.boundary, positions: drawing.placed } };
}

/** A clicked position rounded to 7 decimals (about a centimetre), as a boundary or meter position keeps it. */
export function roundPosition(position: LngLat): [number, number] {
  const round = (n: number) => Math.round(n * 1e7) / 1e7;
  return [round(position[0]), round(position[1])];
}

/**
 * Grid lines for a map without basemap, so that panning and zooming show: meridians and parallels every
 * 1, 2 or 5 x 10^k degrees, about a fifth of a 512-pixel tile apart at this zoom, 20 steps either side of
 * the centre (parallels kept within ±85°, where Web Mercator ends).
 */
export function graticule(view: { longitude: number; latitude: number; zoom: number }): {
  step: number;
  lines: [number, number][][];
} {
  const target = (360 / 2 ** view.zoom) * 0.2;
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= target * 0.999)!;
  const snap = (n: number) => Math.round(n / step) * step;
  const lng0 = snap(view.longitude);
  const lat0 = snap(view.latitude);
  const reach = 20 * step;
  const clampLat = (lat: number) => Math.max(-85, Math.min(85, lat));
  const lines: [number, number][][] = [];
  for (let i = -20; i <= 20; i++) {
    const lng = Number((lng0 + i * step).toPrecision(12));
    const lat = Number((lat0 + i * step).toPrecision(12));
    lines.push([
      [lng, clampLat(lat0 - reach)],
      [lng, clampLat(lat0 + reach)],
    ]);
    if (Math.abs(lat) <= 85)
      lines.push([
        [lng0 - reach, lat],
        [lng0 + reach, lat],
      ]);
  }
  return { step, lines };
}
