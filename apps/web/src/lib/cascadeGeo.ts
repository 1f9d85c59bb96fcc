import { type Boundary, boundarySchema, meterPositionsBodySchema } from '@hydrolog/schemas';

/** What a partition's GeoJSON file brings: its boundary polygon and where its meters stand. */
export interface PartitionGeo {
  boundary: Boundary | null;
  positions: { meterNo: string; coordinates: [number, number] }[];
}

/** Why a file was refused (an i18n key under cascade.geo.problems). */
export type GeoProblem = 'notJson' | 'notGeoJson' | 'empty' | 'manyPolygons' | 'badPolygon' | 'badPoints';

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
 * The centre and zoom that show these [lng, lat] positions in about 256 pixels (a default place when there
 * are none): deck.gl draws the world 512 pixels wide at zoom 0, and Web Mercator stretches latitudes by
 * 1 / cos(latitude).
 */
export function viewOf(positions: readonly (readonly [number, number])[]) {
  if (positions.length === 0) return { longitude: 120.11, latitude: 30.27, zoom: 12 };
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
