import { describe, expect, it } from 'vitest';
import { palette } from './palette.ts';

describe('theme palette', () => {
  it('puts the theme colour at shade 5, lighter before and darker after', () => {
    const shades = palette('#1890FF');
    expect(shades).toHaveLength(10);
    expect(shades[5]).toBe('#1890ff');
    const brightness = (hex: string) =>
      [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(hex.slice(i, i + 2), 16), 0);
    for (let i = 1; i < 10; i++) expect(brightness(shades[i]!)).toBeLessThan(brightness(shades[i - 1]!));
  });
});
