/**
 * English and French for every word the client shows. Texts live in JSON, one file per area and
 * language (`client/i18n/<lang>/<area>.json`); an area is an i18next namespace, so each part of the
 * client owns its own file. Components call `useTranslation('<area>')` and `t('key', { values })`.
 * The language is the player's last choice, else the browser's, else English.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

const STORAGE_KEY = 'pu.language';

// Every JSON file under a language folder becomes a namespace named after the file. The course's
// and the rules' texts (LAZY_NAMESPACES) come with their pages instead, so the home page stays small.
const files = import.meta.glob<Record<string, unknown>>(
  ['./*/*.json', '!./*/learn.json', '!./*/rules.json'],
  {
    eager: true,
    import: 'default',
  },
);
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, texts] of Object.entries(files)) {
  const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match as unknown as [string, string, string];
  (resources[lang] ??= {})[ns] = texts;
}
// The engine's messages (refusals, pending gains, log lines, hints) are the `reasons` area; their
// texts live beside the codes in game/messages.
const messages = import.meta.glob<Record<string, unknown>>('../../game/messages/*.json', {
  eager: true,
  import: 'default',
});
for (const [path, texts] of Object.entries(messages)) {
  const lang = /(\w+)\.json$/.exec(path)?.[1];
  if (lang) (resources[lang] ??= {}).reasons = texts;
}
export const NAMESPACES = Object.keys(resources.en ?? {});

const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

function initialLanguage(): Language {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage may be blocked (private mode); fall back to the browser's language.
  }
  const browser = globalThis.navigator?.language?.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already.
  returnNull: false,
  initAsync: false,
});

/** Switch the language now and remember it for the next visit. */
export function setLanguage(lang: Language): void {
  void i18next.changeLanguage(lang);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // Not remembered; the switch still applies to this page.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The namespaces a lazily loaded page brings with it (see `addNamespace`). */
export const LAZY_NAMESPACES = ['learn', 'rules'] as const;

/** A page's own texts, in every language, added when its code loads. */
export function addNamespace(ns: (typeof LAZY_NAMESPACES)[number], texts: Record<Language, object>): void {
  for (const lang of LANGUAGES) i18next.addResourceBundle(lang, ns, texts[lang], true, true);
}

export { i18next };
