import type { Messages } from './en.ts';

/**
 * The message catalogue: every text a person reads, from the server or the browser, one catalogue per
 * language (`<language>.ts`, put together from `<language>/<context>.ts`). This module holds no text, so
 * the browser fetches only its user's language; the server reads them all through `all.ts`.
 */
export const LANGUAGES = ['zh-CN', 'en', 'fr', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type { Messages };

/** The dotted paths of a catalogue's texts: `error.tenant.notFound`, `login.title`. */
type Paths<Node> = {
  [Key in keyof Node & string]: Node[Key] extends string ? Key : `${Key}.${Paths<Node[Key]>}`;
}[keyof Node & string];

/** A key of the catalogue; the server answers it with the text (`key` beside `msg`). */
/** A key with plural forms (`x_one`, `x_other`) is asked for by its base `x`, with a `count`. */
type PluralBase<Key> = Key extends `${infer Base}_other` ? Base : never;
export type MessageKey = Paths<Messages> | PluralBase<Paths<Messages>>;

/** Values for a text's `{{name}}` placeholders. */
export type MessageParams = Record<string, string | number>;

/** A placeholder, as i18next writes it. */
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The text at `key` in one language's catalogue with its placeholders filled, or undefined when there is none. */
export function textIn(
  messages: Messages,
  key: string,
  params: MessageParams = {},
  /** The catalogue's language, for the plural form of a `count` (as i18next picks it in the browser). */
  language: Language = DEFAULT_LANGUAGE,
): string | undefined {
  const { count } = params;
  const text =
    (typeof count === 'number'
      ? (lookUp(messages, `${key}_${pluralRules(language).select(count)}`) ??
        lookUp(messages, `${key}_other`))
      : undefined) ?? lookUp(messages, key);
  // A placeholder without a value stays as written, so a missing parameter shows rather than vanishes.
  return text?.replace(PLACEHOLDER, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const rulesByLanguage = new Map<Language, Intl.PluralRules>();

/** A language's plural rules, made once. */
function pluralRules(language: Language): Intl.PluralRules {
  let rules = rulesByLanguage.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    rulesByLanguage.set(language, rules);
  }
  return rules;
}

function lookUp(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `textIn` for a key the types vouch for. */
export function translateIn(
  messages: Messages,
  key: MessageKey,
  params?: MessageParams,
  language?: Language,
): string {
  return textIn(messages, key, params, language) ?? key;
}

/** Picks a supported language from a header or stored value; any zh variant maps to zh-CN. */
export function resolveLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh-CN';
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const base = LANGUAGES.find((l) => l.toLowerCase() === tag.split('-')[0]);
    if (base) return base;
    if (tag === 'in') return 'id';
  }
  return DEFAULT_LANGUAGE;
}
