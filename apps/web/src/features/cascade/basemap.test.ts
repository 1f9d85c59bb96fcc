import { describe, expect, it } from 'vitest';
import {
  afterTile,
  DECK_ZOOMS,
  isUnreachable,
  METER_DOT_PIXELS,
  meterDotRadius,
  scaleBar,
  type TileFailures,
  tileBounds,
  tileLevelOf,
  tilesCovering,
  tileUrl,
} from './basemap.ts';

describe('basemap tiles', () => {
  it("counts spec section 9's zoom range 10-20 in deck.gl's 512-pixel world as 9-19", () => {
    expect(DECK_ZOOMS).toEqual({ min: 9, max: 19, initial: 9 });
    expect(tileLevelOf(13.4)).toBe(14);
    expect(tileLevelOf(19)).toBe(19);
    expect(tileLevelOf(-3)).toBe(0);
  });

  it('finds the XYZ tiles that cover an area, north-west first, and each tile covers its own area', () => {
    // Hangzhou at level 14 (OpenStreetMap numbering: x from the antimeridian, y from the north).
    const tiles = tilesCovering([120.1, 30.26, 120.12, 30.28], 14);
    expect(tiles).toEqual([
      { x: 13657, y: 6744, z: 14 },
      { x: 13658, y: 6744, z: 14 },
      { x: 13657, y: 6745, z: 14 },
      { x: 13658, y: 6745, z: 14 },
    ]);
    const [west, south, east, north] = tileBounds(tiles[0]!);
    expect(west).toBeLessThanOrEqual(120.1);
    expect(east).toBeGreaterThan(120.1);
    expect(north).toBeGreaterThanOrEqual(30.28);
    expect(south).toBeLessThan(30.28);
  });

  it('stays within the world and within a bounded number of tiles', () => {
    expect(tilesCovering([-180, -90, 180, 90], 1)).toHaveLength(4);
    expect(tilesCovering([-180, -90, 180, 90], 10)).toHaveLength(64);
  });

  it("calls a provider unreachable after four failed tiles in a row, whatever the other provider's tiles do", () => {
    let failures: TileFailures = {};
    for (let i = 0; i < 3; i++) failures = afterTile(failures, 1, false);
    // A tile of the provider left behind loads late: the chosen one's count stands.
    failures = afterTile(failures, 0, true);
    expect(isUnreachable(failures, 1)).toBe(false);
    failures = afterTile(failures, 1, false);
    expect(isUnreachable(failures, 1)).toBe(true);
    expect(isUnreachable(failures, 0)).toBe(false);
    // One of its own tiles loading is the provider back.
    expect(isUnreachable(afterTile(failures, 1, true), 1)).toBe(false);
  });

  it('fills the URL template', () => {
    expect(tileUrl('https://tile.example/{z}/{x}/{y}.png?k={z}', { x: 3, y: 5, z: 7 })).toBe(
      'https://tile.example/7/3/5.png?k=7',
    );
  });

  it('draws the scale bar as the longest round distance that fits', () => {
    expect(scaleBar(2.4)).toEqual({ meters: 200, pixels: 200 / 2.4 });
    expect(scaleBar(0.3)).toEqual({ meters: 20, pixels: 20 / 0.3 });
    expect(scaleBar(60)).toEqual({ meters: 5000, pixels: 5000 / 60 });
  });

  it('draws meters readable at the farthest zoom and larger at every closer one', () => {
    expect(meterDotRadius(DECK_ZOOMS.min)).toBe(METER_DOT_PIXELS.farthest);
    expect(meterDotRadius(DECK_ZOOMS.max)).toBe(METER_DOT_PIXELS.closest);
    for (let zoom = DECK_ZOOMS.min; zoom < DECK_ZOOMS.max; zoom++)
      expect(meterDotRadius(zoom + 1)).toBeGreaterThan(meterDotRadius(zoom));
    expect(meterDotRadius(DECK_ZOOMS.min - 3)).toBe(METER_DOT_PIXELS.farthest);
  });
});
