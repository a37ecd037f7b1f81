/**
 * What the engine tells players, as data: a refused action, a pending gain, a log line, a bot's
 * hint is a code with its values and, where a rule decides it, the rule's reference (`§4.3`, `R10`)
 * for a "why?" beside the sentence, never inside it. The texts of every code live in
 * `game/messages/<language>.json`, one catalogue per language with the same keys (a test checks it);
 * the client renders them in the player's language, tools and tests in English.
 *
 * A code is `<group>.<key>` of the catalogue: `reason.firstTileEdge`, `pending.patch`. Values are
 * plain (numbers, words) or nested messages (a list of pending gains inside a refusal); a value is
 * shown as a word of the catalogue's `value` lists when its name says which list (see VALUE_LIST).
 * Coordinates (`x`, `y`, `fromX`, `fromY`, `index`) are the grid's own, 0 to 11, as the board is
 * numbered.
 */
import en from '../messages/en.json';

type Catalogue = typeof en;
type Group = Exclude<keyof Catalogue, 'value'>;

/** Every code the engine may use: a key of the English catalogue, so a code without a text does not compile. */
export type MessageCode = { [G in Group]: `${G}.${keyof Catalogue[G] & string}` }[Group];
export type ReasonCode = Extract<MessageCode, `reason.${string}`>;
export type PendingCode = Extract<MessageCode, `pending.${string}`>;

export type MessageValue = string | number | Message | readonly MessageValue[];

export interface Message<Code extends MessageCode = MessageCode> {
  code: Code;
  values?: Record<string, MessageValue>;
  /** The rule or ruling that decides it (`§4.3`, `R10`): shown behind a "why?", not in the text. */
  rule?: string;
}

/** Why an action was refused; the engine returns it, or null when the action was applied. */
export type Reason = Message<ReasonCode>;

export function message<Code extends MessageCode>(
  code: Code,
  values?: Record<string, MessageValue>,
  rule?: string,
): Message<Code> {
  const out: Message<Code> = { code };
  if (values !== undefined) out.values = values;
  if (rule !== undefined) out.rule = rule;
  return out;
}

/** A refusal: `refuse('reason.mustTouch', {}, '§4.4')`. */
export const refuse = (code: ReasonCode, values?: Record<string, MessageValue>, rule?: string): Reason =>
  message(code, values, rule);

export const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { code?: unknown }).code === 'string';

/** Which word list of the catalogue a value is shown from, by the value's name. */
export const VALUE_LIST: Readonly<Record<string, keyof Catalogue['value']>> = {
  track: 'track',
  tracks: 'track',
  /** A corporation board's column (§8.2): named as its track. */
  col: 'track',
  terrain: 'track',
  terrain2: 'track',
  options: 'track',
  stack: 'stack',
  line: 'line',
  item: 'item',
};

/** The shape every language's catalogue has (the English one is the reference). */
export type MessageCatalogue = {
  [G in keyof Catalogue]: Record<string, G extends 'value' ? Record<string, string> : string>;
};

/**
 * A message as plain text in a catalogue's language (English unless given): for tools, server
 * logs and tests. Nested messages are rendered the same way; lists are joined with ", " (track
 * options with "/"). The client renders through its own translation layer with the same rules.
 */
export function formatMessage(m: Message, catalogue: MessageCatalogue = en): string {
  const [group, key] = splitCode(m.code);
  const template = (catalogue[group] as Record<string, string> | undefined)?.[key] ?? m.code;
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) =>
    formatValue(name, m.values?.[name], catalogue),
  );
}

function splitCode(code: string): [Group, string] {
  const dot = code.indexOf('.');
  return [code.slice(0, dot) as Group, code.slice(dot + 1)];
}

function formatValue(name: string, value: MessageValue | undefined, catalogue: MessageCatalogue): string {
  if (value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map((v: MessageValue) => formatValue(name, v, catalogue))
      .join(name === 'options' ? '/' : ', ');
  if (isMessage(value)) return formatMessage(value, catalogue);
  const list = VALUE_LIST[name];
  const word = list ? catalogue.value[list]?.[String(value)] : undefined;
  return word ?? String(value);
}

/** The message's text with its rule, as tests and tools print it: "… of the planet (§4.3)." */
export function explainMessage(m: Message, catalogue: MessageCatalogue = en): string {
  const text = formatMessage(m, catalogue);
  if (!m.rule) return text;
  return text.endsWith('.') ? `${text.slice(0, -1)} (${m.rule}).` : `${text} (${m.rule})`;
}
