import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('map providers from the environment', () => {
  it('has none unless configured: maps draw without a basemap', () => {
    expect(loadConfig({}).mapProviders).toEqual([]);
  });

  it('reads mapType 0 and 1 as tile URL templates with their attributions', () => {
    const { mapProviders } = loadConfig({
      HYDROLOG_MAP_TILES_0: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      HYDROLOG_MAP_ATTRIBUTION_0: '© OpenStreetMap contributors',
      HYDROLOG_MAP_TILES_1: 'http://tiles.example:8080/{z}/{x}/{y}.png',
    });
    expect(mapProviders).toEqual([
      {
        mapType: 0,
        tiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
      { mapType: 1, tiles: 'http://tiles.example:8080/{z}/{x}/{y}.png', attribution: '' },
    ]);
  });

  it('refuses a template that is not an http(s) URL with {z}, {x} and {y}', () => {
    expect(() => loadConfig({ HYDROLOG_MAP_TILES_0: 'https://tiles.example/{z}/{x}.png' })).toThrow(
      /HYDROLOG_MAP_TILES_0 must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ HYDROLOG_MAP_TILES_1: 'file:///tiles/{z}/{x}/{y}.png' })).toThrow(
      /HYDROLOG_MAP_TILES_1/,
    );
  });
});
