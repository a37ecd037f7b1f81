/**
 * The engine's reasons (why an action was refused, why a spot is illegal) and its log lines are
 * plain English, which the engine and its tests keep. The client shows them in the player's
 * language by matching them against a catalogue of the engine's templates: the English of the
 * `reasons` area (`client/i18n/en/reasons.json`), one entry per sentence with `{{name}}` for each
 * value. A match is rendered from the same key in the current language, its values translated too
 * (tracks, stacks, pending gains, civ card names); an unknown sentence is shown as it is.
 * test/client/reasons.test.ts checks every sentence the engine can return has a template here.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import catalogue from '../game/messages/en.json';
import { civIdByName, contentText } from './content-text';

type Group = 'reason' | 'pending' | 'log';

interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
  /** Length of the fixed text, to try the most specific template first. */
  fixed: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(group: Group): Template[] {
  return Object.entries(catalogue[group] as Record<string, string>)
    .map(([key, en]) => {
      const parts = en.split(/{{\s*(\w+)\s*}}/);
      const names = parts.filter((_, k) => k % 2 === 1);
      const literal = parts.filter((_, k) => k % 2 === 0);
      const pattern = new RegExp(`^${literal.map(escape).join('(.+?)')}$`, 's');
      return { key: `${group}.${key}`, names, pattern, fixed: literal.join('').length };
    })
    .sort((a, b) => b.fixed - a.fixed);
}

const TEMPLATES: Record<Group, Template[]> = {
  reason: compile('reason'),
  pending: compile('pending'),
  log: compile('log'),
};

/** Which list of words a placeholder holds, by its name. */
const VALUE_GROUP: Record<string, 'track' | 'stack' | 'line' | 'item'> = {
  track: 'track',
  tracks: 'track',
  terrain: 'track',
  terrain2: 'track',
  options: 'track',
  stack: 'stack',
  line: 'line',
  item: 'item',
};

function translateValue(name: string, value: string, t: TFunction): string {
  if (name === 'items')
    return value
      .split(', ')
      .map((part) => translateIn('pending', part, t) ?? part)
      .join(', ');
  if (name === 'card') {
    const id = civIdByName(value);
    return id === null ? value : contentText(t).civName(id);
  }
  const group = VALUE_GROUP[name];
  if (!group) return value;
  const word = (w: string) => t(`reasons:value.${group}.${w}`, { defaultValue: w });
  return value
    .split(/(, |\/)/)
    .map((part, k) => (k % 2 === 1 ? part : word(part)))
    .join('');
}

function translateIn(group: Group, text: string, t: TFunction): string | null {
  for (const tpl of TEMPLATES[group]) {
    const m = tpl.pattern.exec(text);
    if (!m) continue;
    const values: Record<string, string> = {};
    tpl.names.forEach((name, k) => {
      values[name] = translateValue(name, m[k + 1] ?? '', t);
    });
    return t(`reasons:${tpl.key}`, values);
  }
  return null;
}

/** An engine reason in the current language (as it is when no template matches). */
export const translateReason = (text: string, t: TFunction): string => translateIn('reason', text, t) ?? text;

/** A line of the game's own log in the current language (as it is when no template matches). */
export const translateLog = (text: string, t: TFunction): string => translateIn('log', text, t) ?? text;

/** `reason(text)` and `log(text)` in the current language, re-rendering when it changes. */
export function useEngineText(): { reason(text: string): string; log(text: string): string } {
  const { t } = useTranslation('reasons');
  return { reason: (text) => translateReason(text, t), log: (text) => translateLog(text, t) };
}
