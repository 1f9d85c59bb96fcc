import { en, type Messages } from './en.ts';
import { fr } from './fr.ts';
import { id } from './id.ts';
import { type Language, type MessageKey, type MessageParams, textIn, translateIn } from './index.ts';
import { zhCN } from './zh-CN.ts';

/**
 * Every language's catalogue at once, for the server, which answers each caller in theirs. The browser
 * never imports this module: it fetches its user's catalogue alone.
 */
const CATALOGUES: Record<Language, Messages> = { 'zh-CN': zhCN, en, fr, id };

/** One language's catalogue, for the functions that take one (`toFieldError`). */
export const messagesIn = (language: Language): Messages => CATALOGUES[language];

export function translate(key: MessageKey, language: Language, params?: MessageParams): string {
  return translateIn(CATALOGUES[language], key, params, language);
}

/** True when `key` names a text of the catalogue (every language has the same keys). */
export function isMessageKey(key: string): key is MessageKey {
  // With a count, a key with plural forms is found by its base as well.
  return textIn(en, key, { count: 0 }) !== undefined;
}
