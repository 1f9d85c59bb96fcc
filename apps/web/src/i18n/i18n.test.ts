import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { id } from './id.ts';
import { zhCN } from './zh-CN.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown): unknown[] {
  return typeof value === 'object' && value !== null ? Object.values(value).flatMap(leaves) : [value];
}

describe('interface translations', () => {
  it.each([
    ['zh-CN', zhCN],
    ['fr', fr],
    ['id', id],
  ])('%s has exactly the keys of en, none empty', (_, translation) => {
    expect(keys(translation).sort()).toEqual(keys(en).sort());
    for (const text of leaves(translation)) expect(String(text).trim()).not.toBe('');
  });

  it('keeps interpolation placeholders in every language', () => {
    const placeholders = (t: unknown) =>
      keys(t).map((k) => [
        k,
        String(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], t)).match(
          /\{\{\w+\}\}/g,
        ),
      ]);
    for (const translation of [zhCN, fr, id]) expect(placeholders(translation)).toEqual(placeholders(en));
  });
});

describe('language detection', async () => {
  // The module under test touches i18next only when initialised; detectLanguage is pure.
  const { detectLanguage } = await import('./index.ts');
  it('prefers the stored language, else maps the browser language, any zh to zh-CN', () => {
    expect(detectLanguage('fr', ['en-US'])).toBe('fr');
    expect(detectLanguage(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(detectLanguage(null, ['id-ID'])).toBe('id');
    expect(detectLanguage('xx', ['de-DE'])).toBe('en');
  });
});
