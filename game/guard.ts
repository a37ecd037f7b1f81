/**
 * The server guard's answer to a packet it turns away before the engine sees it (over the socket's
 * move rate, too large, sent before the socket's sync was answered, a move the rules refuse):
 * shared by the server (server/transport.ts, which sends it) and its clients (the table, the
 * load tools' seats), which boardgame.io's own client would leave waiting.
 */
import type { Reason } from './core/messages';

/** The event the refusal is sent as. */
export const REJECTED_EVENT = 'pu:rejected';

/** A refusal, as sent. A client reads it as `Partial`: it came over the network. */
export interface GuardRejection {
  /** The socket event turned away: `update` for a move, `chat`, `sync`… */
  event: string;
  /** Why, in English, for logs and tools. */
  reason: string;
  /** The rules' own refusal when they refused the move, for the player's language. */
  message?: Reason;
}
