/**
 * The device screen's clusters: when zoomed out, the points that fall in one square of the screen grid are
 * drawn as one circle with their count, coloured by their most frequent state. Computed once per whole zoom
 * level in one pass over the points (columns, not objects), so tens of thousands of meters stay smooth.
 */

/** Points as columns: longitudes, latitudes and the index of each one's state. */
export interface PointColumns {
  lng: ArrayLike<number>;
  lat: ArrayLike<number>;
  state: ArrayLike<number>;
}

export interface Cluster {
  /** The mean position of its points. */
  position: [number, number];
  count: number;
  /** Its most frequent state's index. */
  state: number;
  /** The index of its first point (the point itself when alone). */
  first: number;
}

/** The side of a grid square, screen pixels. */
export const CLUSTER_CELL_PIXELS = 60;
/** From this deck.gl zoom on (spec level 16 and closer), every point is drawn on its own. */
export const CLUSTER_UNTIL_ZOOM = 15;

const MAX_LATITUDE = 85.0511287798;

/** Web Mercator world pixels at deck.gl's zoom 0 (512 wide); scaled by 2^zoom. */
function worldX(lng: number): number {
  return ((lng + 180) / 360) * 512;
}
function worldY(lat: number): number {
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 512;
}

/** The clusters of the points at a whole zoom level; `states` is how many states there are. */
export function clusterPoints(points: PointColumns, zoom: number, states: number): Cluster[] {
  const scale = 2 ** Math.floor(zoom) / CLUSTER_CELL_PIXELS;
  const cells = new Map<number, number>();
  const sumLng: number[] = [];
  const sumLat: number[] = [];
  const counts: number[] = [];
  const firsts: number[] = [];
  const byState: number[] = [];
  for (let i = 0; i < points.lng.length; i++) {
    const lng = points.lng[i]!;
    const lat = points.lat[i]!;
    // Cells are numbered row by row; 2^26 columns is more than the closest clustered zoom has.
    const key = Math.floor(worldY(lat) * scale) * 67_108_864 + Math.floor(worldX(lng) * scale);
    let c = cells.get(key);
    if (c === undefined) {
      c = counts.length;
      cells.set(key, c);
      sumLng.push(0);
      sumLat.push(0);
      counts.push(0);
      firsts.push(i);
      for (let s = 0; s < states; s++) byState.push(0);
    }
    sumLng[c]! += lng;
    sumLat[c]! += lat;
    counts[c]! += 1;
    byState[c * states + points.state[i]!]! += 1;
  }
  return counts.map((count, c) => {
    let state = 0;
    for (let s = 1; s < states; s++) if (byState[c * states + s]! > byState[c * states + state]!) state = s;
    return { position: [sumLng[c]! / count, sumLat[c]! / count], count, state, first: firsts[c]! };
  });
}

/** Screen pixels around the view's centre within which points are drawn one by one (wider than any screen). */
const DRAWN_PIXELS = 2000;

/**
 * The window of points drawn one by one around a view: its bounds and a key that changes only when the view
 * has moved by a quarter of it or changed zoom level, so the points are chosen again seldom while panning.
 */
export function drawnWindow(view: { longitude: number; latitude: number; zoom: number }) {
  const level = Math.floor(view.zoom);
  const half = (DRAWN_PIXELS * 360) / (512 * 2 ** level);
  const step = half / 4;
  const lng = Math.round(view.longitude / step) * step;
  const lat = Math.round(view.latitude / step) * step;
  return {
    key: `${level}|${lng}|${lat}`,
    bounds: [lng - half, lat - half, lng + half, lat + half] as [number, number, number, number],
  };
}

/** The indexes of the points within [west, south, east, north], from index `from` on. */
export function pointsWithin(
  points: Pick<PointColumns, 'lng' | 'lat'>,
  [west, south, east, north]: readonly [number, number, number, number],
  from = 0,
): number[] {
  const found: number[] = [];
  for (let i = from; i < points.lng.length; i++) {
    const lng = points.lng[i]!;
    const lat = points.lat[i]!;
    if (lng >= west && lng <= east && lat >= south && lat <= north) found.push(i);
  }
  return found;
}
