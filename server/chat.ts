/**
 * Table chat in online matches (docs/server.md, "Table chat"): a seated player's message, sent as
 * boardgame.io's `chat` packet, is checked (game/chat.ts: plain text, at most `CHAT_MAX_CHARS`
 * characters, the sender's own seat; here: a per-seat rate), kept with the match (storage `appendChat`), and sent to
 * every socket of the match, spectators included, as `pu:chat`, a line of its own that boardgame.io
 * neither stores nor re-renders the table for. A player coming back reads what was said from
 * `GET /games/planet-unknown/<id>/chat`. The text is never interpreted: the client shows it as text.
 */
import { randomUUID } from 'node:crypto';
import type { ChatLine } from '../game';
import { TokenBucket, type Rate } from './socket-limits';

/** Per seat, whatever the number of its sockets: a few at once, then one every three seconds. */
export const CHAT_SEAT_RATE: Rate = { burst: 8, perMinute: 20 };

export { CHAT_EVENT, CHAT_KEPT, chatText, isChatLine, type ChatLine } from '../game';

export const newChatLine = (seat: string, text: string, at = Date.now()): ChatLine => ({
  id: randomUUID(),
  seat,
  text,
  at,
});

/** The per-seat rate, bounded in what it remembers (the oldest seats are forgotten first). */
export class ChatRate {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly rate: Rate = CHAT_SEAT_RATE,
    private readonly bound = 10_000,
  ) {}

  /** Whether the seat may send a message now. */
  take(matchID: string, seat: string): boolean {
    const key = `${matchID}:${seat}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.rate);
      this.buckets.set(key, bucket);
      if (this.buckets.size > this.bound) this.buckets.delete(this.buckets.keys().next().value as string);
    }
    return bucket.take();
  }
}
