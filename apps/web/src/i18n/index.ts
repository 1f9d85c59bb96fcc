import { LANGUAGES, type Language, type Messages, resolveLanguage } from '@hydrolog/schemas';
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The message groups that have each of `Texts` as a text and each of `Groups` as a group of texts: a shared
 * piece takes such a group and builds its keys from it (TypeScript cannot follow a key built from a union).
 */
export type MessageGroupWith<Texts extends string, Groups extends string = never> = {
  [G in keyof Messages]: Messages[G] extends Record<Texts, string> & Record<Groups, object> ? G : never;
}[keyof Messages];

/**
 * The message catalogue of @hydrolog/schemas, one per language, the server's and the browser's texts alike.
 * Each is a chunk of its own and only the user's is fetched: a change of language reloads the page, which
 * then fetches the new one before the first render, so no key ever shows untranslated.
 */
const CATALOGUES: Record<Language, () => Promise<Messages>> = {
  'zh-CN': () => import('@hydrolog/schemas/messages/zh-CN').then((m) => m.zhCN),
  en: () => import('@hydrolog/schemas/messages/en').then((m) => m.en),
  fr: () => import('@hydrolog/schemas/messages/fr').then((m) => m.fr),
  id: () => import('@hydrolog/schemas/messages/id').then((m) => m.id),
};
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  fr: 'Français',
  id: 'Bahasa Indonesia',
};
const STORAGE_KEY = 'language';

/** Spec section 1: the stored choice, else the browser language (any zh variant is zh-CN). */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return resolveLanguage(browser.join(','));
}

export function currentLanguage(): Language {
  return i18next.language as Language;
}

/** The user's catalogue, for the functions of @hydrolog/schemas that translate (`toFieldError`). */
export function currentMessages(): Messages {
  return i18next.getResourceBundle(i18next.language, 'translation') as Messages;
}

/** The text of a key made at run time from data (an action's name), or undefined when the catalogue has none. */
export function optionalText(key: string): string | undefined {
  return i18next.exists(key) ? i18next.t(key as ParseKeys) : undefined;
}

/** Stores the choice and reloads, as the spec asks; the success message shows after the reload. */
export function changeLanguage(language: Language): void {
  sessionStorage.setItem(STORAGE_KEY, language);
  sessionStorage.setItem('languageChanged', '1');
  window.location.reload();
}

/** True once after a language change, so the page can confirm it. */
export function takeLanguageChanged(): boolean {
  const changed = sessionStorage.getItem('languageChanged') === '1';
  sessionStorage.removeItem('languageChanged');
  return changed;
}

export async function initI18n(): Promise<void> {
  const language = detectLanguage(
    sessionStorage.getItem(STORAGE_KEY),
    navigator.languages ?? [navigator.language],
  );
  document.documentElement.lang = language;
  const translation = await CATALOGUES[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    // Every catalogue has every key of en (a unit test checks it), so no fallback catalogue is fetched.
    fallbackLng: false,
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false },
  });
}
