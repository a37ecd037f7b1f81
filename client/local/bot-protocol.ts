/**
 * Messages between a local table and its bot worker. The worker holds the bot code (kept out of
 * the first bundle); the table sends a player's own view and gets back one decision.
 */
import type { Action, BotLevel, GameState, Message, PlayerID } from '../../game';

export interface DecisionRequest {
  /** A player's view of the game: bots never see another player's secrets. */
  state: GameState;
  player: PlayerID;
  level: BotLevel;
  /** Seeds the bot's random choices, so a seeded table plays the same way again. */
  seed: string;
  /** Commander's thinking time per decision, in milliseconds; its default when absent. */
  budgetMs?: number;
}

export interface HintRequest {
  state: GameState;
  player: PlayerID;
}

export type WorkerRequest =
  ({ id: number; kind: 'decide' } & DecisionRequest) | ({ id: number; kind: 'hint' } & HintRequest);

export type WorkerReply = { id: number; action: Action; reason: Message } | { id: number; error: string };

export interface Decision {
  action: Action;
  /** Why, as a `hint.*` message rendered in the player's language. */
  reason: Message;
}

/** Where bot decisions and hints come from: the worker in the browser, the bot code itself in tests. */
export interface DecisionSource {
  decide(request: DecisionRequest): Promise<Decision>;
  hint(request: HintRequest): Promise<Decision>;
}
