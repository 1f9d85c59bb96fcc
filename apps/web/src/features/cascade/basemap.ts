import { MAP_ZOOMS } from '@hydrolog/schemas';

/**
 * Raster basemap tiles (the XYZ scheme of OpenStreetMap and most providers: 256-pixel tiles, level z has
 * 2^z × 2^z of them, y counted from the north) and the scale bar of a map. deck.gl draws the world 512 pixels
 * wide at zoom 0, twice a provider's level-0 tile: a provider's level is deck.gl's zoom + 1.
 */

/** deck.gl's zoom for a provider's level. */
const deckZoom = (level: number) => level - 1;

/** Spec section 9's zoom range and initial zoom, as deck.gl counts them. */
export const DECK_ZOOMS = {
  min: deckZoom(MAP_ZOOMS.min),
  max: deckZoom(MAP_ZOOMS.max),
  initial: deckZoom(MAP_ZOOMS.initial),
} as const;

/** The deepest level tile providers serve (OpenStreetMap's); closer zooms stretch its tiles. */
const MAX_TILE_LEVEL = 19;
/** Web Mercator ends here. */
const MAX_LATITUDE = 85.0511287798;
/** A guard against an absurdly large viewport asking for hundreds of tiles. */
const MAX_TILES = 64;

export interface TileIndex {
  x: number;
  y: number;
  z: number;
}

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

/** The tile level to draw at deck.gl's `zoom`: one tile pixel per screen pixel, at most MAX_TILE_LEVEL. */
export function tileLevelOf(zoom: number): number {
  return Math.max(0, Math.min(MAX_TILE_LEVEL, Math.round(zoom + 1)));
}

const clamp = (n: number, low: number, high: number) => Math.max(low, Math.min(high, n));

function tileX(lng: number, n: number): number {
  return clamp(Math.floor(((lng + 180) / 360) * n), 0, n - 1);
}

function tileY(lat: number, n: number): number {
  const phi = (clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n;
  return clamp(Math.floor(y), 0, n - 1);
}

/** The tiles of `level` that cover these bounds, row by row from the north-west (at most MAX_TILES). */
export function tilesCovering([west, south, east, north]: Bounds, level: number): TileIndex[] {
  const n = 2 ** level;
  const tiles: TileIndex[] = [];
  for (let y = tileY(north, n); y <= tileY(south, n); y++)
    for (let x = tileX(west, n); x <= tileX(east, n); x++) {
      if (tiles.length === MAX_TILES) return tiles;
      tiles.push({ x, y, z: level });
    }
  return tiles;
}

/** The area a tile covers. */
export function tileBounds({ x, y, z }: TileIndex): Bounds {
  const n = 2 ** z;
  const lng = (i: number) => (i / n) * 360 - 180;
  const lat = (j: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * j) / n))) * 180) / Math.PI;
  return [lng(x), lat(y + 1), lng(x + 1), lat(y)];
}

/** A tile's address from the provider's URL template ({z}, {x}, {y}). */
export function tileUrl(template: string, { x, y, z }: TileIndex): string {
  return template.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y));
}

/**
 * Tiles failed in a row, none loading in between, after which the basemap counts as unreachable: one tile
 * missing is the provider's hiccup, not a basemap gone.
 */
export const UNREACHABLE_AFTER_FAILURES = 4;

/** Tiles failed in a row, by provider (its mapType). */
export type TileFailures = Readonly<Partial<Record<number, number>>>;

/**
 * The failures once a tile of provider `mapType` loaded or failed. Each provider counts its own tiles: a tile
 * of the provider just left, arriving late, says nothing of the one chosen.
 */
export function afterTile(failures: TileFailures, mapType: number, loaded: boolean): TileFailures {
  return { ...failures, [mapType]: loaded ? 0 : (failures[mapType] ?? 0) + 1 };
}

/** Whether provider `mapType`'s tiles have failed too often in a row to call it a hiccup. */
export function isUnreachable(failures: TileFailures, mapType: number): boolean {
  return (failures[mapType] ?? 0) >= UNREACHABLE_AFTER_FAILURES;
}

/**
 * deck.gl's gesture options for every map that takes clicks: a press released within 2 s without moving is a
 * click. deck.gl's default, 250 ms, is timed when the page gets to each event, so on a busy computer a frame
 * drawn between the press and the release turned clicks into nothing; moving while pressed still pans.
 */
export const MAP_GESTURES = { click: { time: 2_000 } } as const;

/** A meter's dot radius in pixels at deck.gl's `zoom`: readable at the farthest level, growing to the closest. */
export const METER_DOT_PIXELS = { farthest: 4, closest: 12 } as const;

export function meterDotRadius(zoom: number): number {
  const share =
    (clamp(zoom, DECK_ZOOMS.min, DECK_ZOOMS.max) - DECK_ZOOMS.min) / (DECK_ZOOMS.max - DECK_ZOOMS.min);
  return METER_DOT_PIXELS.farthest + share * (METER_DOT_PIXELS.closest - METER_DOT_PIXELS.farthest);
}

/**
 * The scale bar at `metersPerPixel`: the longest round distance (1, 2 or 5 × 10^k metres) no wider than
 * `maxPixels`, and its width in pixels.
 */
export function scaleBar(metersPerPixel: number, maxPixels = 100): { meters: number; pixels: number } {
  const most = metersPerPixel * maxPixels;
  const power = 10 ** Math.floor(Math.log10(most));
  const meters = [5, 2, 1].map((m) => m * power).find((d) => d <= most)!;
  return { meters, pixels: meters / metersPerPixel };
}
