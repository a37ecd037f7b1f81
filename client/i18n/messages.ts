/**
 * The engine's messages (a refused action, a pending gain, a log line) in the player's language.
 * A message is a code with values (game/core/messages.ts); its text is the code's entry in the
 * `reasons` area, which holds the catalogues of game/messages. Values are rendered by their name:
 * tracks, stacks, lines and items as words of the catalogue, civ cards and objectives by their
 * translated names, rovers numbered from 1 as the board numbers them, nested messages and lists
 * recursively. Coordinates are shown as they come: the grid's own 0 to 11, as the board labels its
 * rows and columns. The rule reference never enters the sentence: `<MessageText>` puts it behind
 * a small "why?" beside it.
 */
import type { TFunction } from 'i18next';
import { createElement, Fragment, useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CORPORATIONS,
  isMessage,
  type Message,
  type MessageValue,
  OBJECTIVES,
  PLANETS,
  tileById,
  VALUE_LIST,
} from '../../game';
import { civIdByName, contentText } from './content-text';
import { rulesHref, sectionOfRule } from '../rules/sections';

/** An event's name in the reader's language, or its number if the data has no such event. */
function eventName(id: number, t: TFunction): string {
  try {
    return contentText(t).eventName(id);
  } catch {
    return String(id);
  }
}

/** A tile named by its terrains ("water and biomass"), or its number if the data has no such tile. */
function tileWords(id: number, t: TFunction): string {
  let tile: ReturnType<typeof tileById> | undefined;
  try {
    tile = tileById(id);
  } catch {
    return String(id);
  }
  if (!tile) return String(id);
  const names = [...new Set(tile.cells.map((c) => c.terrain))].map((terrain) =>
    t(`table:terrain.${terrain}`),
  );
  return names.join(t('common:message.and'));
}

/** Values that name a civ card, by id or by its English name (the log's `card`, an offer's `cards`). */
const CIV_CARD_VALUES = new Set(['card', 'cards']);
/** Messages whose `cards` are objectives, not civ cards: the objectives dealt to choose from. */
const OBJECTIVE_CARDS = new Set<string>(['reason.keepExactly']);
/** Values that name objectives, by the English name of either face (a bot's hint). */
const OBJECTIVE_VALUES = new Set(['objective', 'objectives']);

function objectiveText(value: string | number, t: TFunction): string {
  if (typeof value === 'number') return contentText(t).objectiveName(value, 'private');
  for (const card of OBJECTIVES)
    for (const face of ['private', 'neighbor'] as const)
      if (card[face].name === value) return contentText(t).objectiveName(card.id, face);
  return value;
}

/** A planet or corporation by its id (or, in logs stored by earlier versions, its English name). */
function boardText(kind: 'planet' | 'corporation', value: string, t: TFunction): string {
  const all: readonly { id: string; name: string }[] = kind === 'planet' ? PLANETS : CORPORATIONS;
  const id = all.find((b) => b.id === value || b.name === value)?.id;
  if (id === undefined) return value;
  return kind === 'planet' ? contentText(t).planetName(id) : contentText(t).corporationName(id);
}

const isList = (value: MessageValue): value is readonly MessageValue[] => Array.isArray(value);

function valueText(m: Message, name: string, value: MessageValue | undefined, t: TFunction): string {
  if (value === undefined) return '';
  if (isList(value))
    return value.map((v: MessageValue) => valueText(m, name, v, t)).join(name === 'options' ? '/' : ', ');
  if (isMessage(value)) return messageText(value, t);
  if (CIV_CARD_VALUES.has(name)) {
    if (OBJECTIVE_CARDS.has(m.code)) return objectiveText(value, t);
    const id = typeof value === 'number' ? value : civIdByName(value);
    return id === null ? String(value) : contentText(t).civName(id);
  }
  if (OBJECTIVE_VALUES.has(name)) return objectiveText(value, t);
  if (name === 'planet' || name === 'corporation') return boardText(name, String(value), t);
  // The engine counts rovers from 0; the board shows them from 1.
  if (name === 'rover' && typeof value === 'number' && Number.isInteger(value)) return String(value + 1);
  // An event by its name, as printed on its card (only the log's "event revealed" names one by id).
  if (name === 'id' && m.code === 'log.eventRevealed' && typeof value === 'number')
    return eventName(value, t);
  // A tile by its terrains, as the player sees it ("water and biomass"), never by its number.
  if (name === 'tile' && typeof value === 'number') return tileWords(value, t);
  const list = VALUE_LIST[name];
  if (list) return t(`reasons:value.${list}.${String(value)}`, { defaultValue: String(value) });
  return String(value);
}

/**
 * A square as the player reads it: "row 4, column 3", the numbers the board's rows and columns
 * bear, never the engine's "(3, 4)".
 */
const SQUARE_PAIRS: [RegExp, string, string][] = [
  [/\({{\s*x\s*}}, {{\s*y\s*}}\)/g, 'x', 'y'],
  [/\({{\s*fromX\s*}}, {{\s*fromY\s*}}\)/g, 'fromX', 'fromY'],
];

/** French typography: a narrow no-break space before : ; ! ? (the catalogues often have a plain one). */
export function frenchSpacing(text: string): string {
  return text.replace(/[ \u00a0]?([:;!?])(?=\s|$)/g, (match, mark: string, at: number) =>
    // Not inside a time or a link ("10:30", "http://"): only after a word, a digit or a closing mark.
    at > 0 && /[\p{L}\p{N})»”'’\u00a0 ]/u.test(text.charAt(at - 1) || '') ? `\u202f${mark}` : match,
  );
}

/**
 * A message as plain text in the language of `t` (an unknown code is shown as the code). The
 * client's own wording (`plain` area, client/i18n/<lang>/plain.json) comes first where it has one:
 * the engine's catalogue says some things as a programmer would ("placed tile 31", "orientation 4").
 */
export function messageText(m: Message, t: TFunction): string {
  const own = t(`plain:${m.code}`, { defaultValue: '', skipInterpolation: true });
  let template = own || t(`reasons:${m.code}`, { defaultValue: m.code, skipInterpolation: true });
  const squares: Record<string, string> = {};
  for (const [pattern, x, y] of SQUARE_PAIRS)
    template = template.replace(pattern, () => {
      const key = `__square_${x}`;
      squares[key] = t('common:message.square', { row: m.values?.[y], column: m.values?.[x] });
      return `{{${key}}}`;
    });
  const text = template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) =>
    name in squares ? (squares[name] as string) : valueText(m, name, m.values?.[name], t),
  );
  return t('common:message.typography') === 'fr' ? frenchSpacing(text) : text;
}

/** `text(message)` in the current language, re-rendering when it changes. */
export function useMessages(): { text(m: Message): string } {
  const { t } = useTranslation('reasons');
  return { text: (m) => messageText(m, t) };
}

interface MessageTextProps {
  message: Message;
  /** Offer the "why?" with the rule reference when the message has one (default: yes). */
  rule?: boolean;
  /** Start with a capital letter: a message shown on its own rather than inside a sentence. */
  capitalize?: boolean;
}

/**
 * A "why?" button that shows a rule's reference (also its tooltip) in the player's language: the
 * one way a rule number reaches the screen, beside a sentence that never names it.
 */
export function RuleWhy({ rule }: { rule: string }): ReactElement {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const ruleId = useId();
  const ruleText = t('common:message.rule', { rule });
  const why = createElement(
    'button',
    {
      type: 'button',
      className: 'why mini',
      title: ruleText,
      'aria-expanded': open,
      'aria-controls': open ? ruleId : undefined,
      onClick: () => setOpen((was) => !was),
    },
    t('common:message.why'),
  );
  if (!open) return why;
  // The section of the rules that explains it, opened beside the table (a new tab keeps the game).
  const section = sectionOfRule(rule);
  const link = section
    ? createElement(
        'a',
        {
          href: rulesHref(section.id),
          target: '_blank',
          rel: 'noopener',
          'data-testid': 'rule-section-link',
        },
        // The section's name once the rules' texts are loaded (the table loads them), else plain words.
        t(`rules:sections.${section.id}.title`, { defaultValue: t('common:message.rulesLink') }),
      )
    : null;
  const reference = createElement(
    'span',
    { id: ruleId, className: 'rule small' },
    ruleText,
    link ? ' · ' : null,
    link,
  );
  return createElement(Fragment, null, why, ' ', reference);
}

/** A message's sentence and, when a rule decides it, a "why?" beside it. */
export function MessageText({ message, rule = true, capitalize = false }: MessageTextProps): ReactElement {
  const { t } = useTranslation(['common', 'reasons']);
  const text = messageText(message, t);
  const sentence = capitalize ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text;
  const props = { className: 'message', 'data-code': message.code };
  if (!rule || !message.rule) return createElement('span', props, sentence);
  return createElement('span', props, sentence, ' ', createElement(RuleWhy, { rule: message.rule }));
}
