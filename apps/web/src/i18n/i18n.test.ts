import { describe, expect, it } from 'vitest';

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
