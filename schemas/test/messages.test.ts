import { describe, expect, it } from 'vitest';
import { MENU_CATALOGUE, menuTitleKey } from '../src/identity/menus.ts';
import { isMessageKey, translate } from '../src/messages/all.ts';
import { combine } from '../src/messages/combine.ts';
import { en, type Messages } from '../src/messages/en.ts';
import { fr } from '../src/messages/fr.ts';
import { id } from '../src/messages/id.ts';
import { textIn } from '../src/messages/index.ts';
import { zhCN } from '../src/messages/zh-CN.ts';

/** Every text of a catalogue by its dotted key. */
function texts(catalogue: object, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : texts(value, `${prefix}${key}.`),
  );
}

/** The names of a text's placeholders, in either spelling: `{{name}}` (the catalogue's) or `{name}`. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{?\s*(\w+)[^{}]*\}?\}/g)].map((m) => m[1]).sort();

const OTHERS: [string, Messages][] = [
  ['fr', fr],
  ['id', id],
  ['zh-CN', zhCN],
];

describe('the message catalogue', () => {
  const english = new Map(texts(en));

  it.each(OTHERS)('%s has exactly the keys of en, none empty', (_, catalogue) => {
    const keys = texts(catalogue).map(([key]) => key);
    expect(keys.filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !keys.includes(key))).toEqual([]);
    for (const [key, text] of texts(catalogue)) expect(text.trim(), key).not.toBe('');
  });

  it.each(OTHERS)('%s has the placeholders of en in every text', (_, catalogue) => {
    for (const [key, text] of texts(catalogue))
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
  });

  it('writes every placeholder {{name}}, as i18next and the server fill them', () => {
    for (const [key, text] of texts(en)) expect(text.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/\{\w+\}/);
  });

  it('refuses a key two contexts both define', () => {
    expect(combine({ error: { a: 'A' } }, { error: { b: 'B' } })).toEqual({ error: { a: 'A', b: 'B' } });
    expect(() => combine({ error: { a: 'A' } }, { error: { a: 'other' } })).toThrow('error.a');
  });

  it('answers in the language asked, its placeholders filled, a missing value left as written', () => {
    expect(translate('validation.tooLong', 'fr', { max: 5 })).toBe('5 caractères au maximum');
    expect(translate('error.meterMove.retired', 'zh-CN', { meterNo: '42' })).toBe(
      '水表 42 已被换下，不能迁移',
    );
    expect(translate('validation.tooLong', 'en')).toBe('At most {{max}} characters');
    expect(textIn(en, 'login.title')).toBe('Sign in to Hydrolog');
    expect(textIn(en, 'login')).toBeUndefined();
    expect(textIn(en, 'login.toString')).toBeUndefined();
  });

  it('titles every directory and page of the menu catalogue, and nothing else', () => {
    const titled = MENU_CATALOGUE.filter((entry) => entry.menuType !== 'F').map((e) =>
      menuTitleKey(e.menuId),
    );
    expect(titled.filter((key) => !isMessageKey(key))).toEqual([]);
    expect(
      Object.keys(en.menuTitles)
        .map((key) => `menuTitles.${key}`)
        .filter((key) => !titled.includes(key)),
    ).toEqual([]);
    expect(translate('menuTitles.system_dept', 'fr')).toBe('Services');
  });

  it('picks the plural form of a count by the rules of the language', () => {
    expect(translate('error.meterType.inUse', 'en', { count: 1 })).toBe(
      'This meter type is used by 1 meter and cannot be deleted',
    );
    expect(translate('error.meterType.inUse', 'en', { count: 3 })).toContain('used by 3 meters');
    expect(translate('error.meterType.inUse', 'fr', { count: 0 })).toContain('utilisé par 0 compteur et');
    expect(isMessageKey('error.meterType.inUse')).toBe(true);
    // The waits the server counts down can end at one.
    expect(translate('error.login.tooMany', 'en', { count: 1 })).toBe(
      'Too many login attempts: try again in 1 second',
    );
    expect(translate('error.recovery.cooldown', 'fr', { count: 1 })).toContain('dans 1 seconde');
    expect(translate('error.sms.addressLimit', 'en', { count: 2 })).toContain('in 2 minutes');
  });

  it.each([['en', en], ...OTHERS])(
    "%s tells a utility's staff what they see, not of modules, releases or the service's internals",
    (_, catalogue) => {
      const talk =
        /\bmodul(e|es)?\b|\breleases?\b|\brilis\b|\bversion\b|\bspec\b|projection|read model|模块|版本/i;
      // Only the operators' service status names the read models it watches.
      const shown = texts(catalogue).filter(([key]) => !key.startsWith('status.'));
      expect(shown.filter(([, text]) => talk.test(text))).toEqual([]);
    },
  );

  it('tells a key from any other text', () => {
    expect(isMessageKey('error.tenant.notFound')).toBe(true);
    expect(isMessageKey('Invalid input: expected string')).toBe(false);
    expect(isMessageKey('error.tenant')).toBe(false);
  });
});
