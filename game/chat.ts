/**
 * The table chat's rules, shared by the server (server/chat.ts, which keeps and relays messages)
 * and the client (its panel): what a message may be, and what a kept one looks like.
 */

export const CHAT_MAX_CHARS = 500;
/** Messages kept per match and sent to a reader: the newest. */
export const CHAT_KEPT = 200;
/** The event the server sends each message as. */
export const CHAT_EVENT = 'pu:chat';

/** One message, as kept and sent. */
export interface ChatLine {
  id: string;
  seat: string;
  text: string;
  at: number;
}

/**
 * Why a `chat` packet's message (boardgame.io's `{ id, sender, payload }`, the payload `{ text }`)
 * is refused for `seat`, or the text to keep. Control characters other than line breaks and tabs
 * are refused; leading and trailing blanks are dropped.
 */
export function chatText(message: unknown, seat: string): { text: string } | { refused: string } {
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    return { refused: 'a chat message is an object { id, sender, payload: { text } }' };
  const m = message as Record<string, unknown>;
  if (m.sender !== seat) return { refused: 'a chat message is sent for your own seat only' };
  const payload = m.payload;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { refused: 'a chat message carries { text }' };
  const raw = (payload as Record<string, unknown>).text;
  if (typeof raw !== 'string') return { refused: 'a chat message carries { text }' };
  const text = raw.trim();
  if (text.length === 0) return { refused: 'a chat message cannot be empty' };
  if ([...text].length > CHAT_MAX_CHARS)
    return { refused: `a chat message has at most ${CHAT_MAX_CHARS} characters` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text))
    return { refused: 'a chat message is plain text' };
  return { text };
}

/** Whether `value` is a stored chat line (a file or row written by an earlier version may not be). */
export function isChatLine(value: unknown): value is ChatLine {
  const v = value as Partial<ChatLine> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.seat === 'string' &&
    typeof v.text === 'string' &&
    typeof v.at === 'number'
  );
}
