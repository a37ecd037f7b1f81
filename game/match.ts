/**
 * Match records and headless play. A match is its setup and seed plus its moves: `createMatch`
 * builds the initial state exactly as the boardgame.io server does for that seed, and a record
 * replays through the real game (tools/replay.ts).
 */
import { InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import type { Action, GameState, PlayerID } from './core/types';
import { PlanetUnknown, GAME_NAME } from './game';
import type { SetupData } from './setup-data';

export const RECORD_FORMAT = 'planet-unknown-match';
export const RECORD_VERSION = 1;

export interface RecordedMove {
  player: PlayerID;
  /** boardgame.io move name: the engine action's type. */
  move: Action['type'];
  /** The action without its type; omitted for moves without arguments. */
  args?: Record<string, unknown>;
}

export interface MatchRecord {
  format: typeof RECORD_FORMAT;
  version: number;
  game: typeof GAME_NAME;
  numPlayers: number;
  seed: string;
  setupData?: SetupData;
  moves: RecordedMove[];
}

export function recordMove(player: PlayerID, action: Action): RecordedMove {
  const { type, ...args } = action;
  return Object.keys(args).length ? { player, move: type, args } : { player, move: type };
}

export function actionOf(m: RecordedMove): Action {
  return { ...(m.args ?? {}), type: m.move } as Action;
}

// The game processed once: boardgame.io rebuilds the flow of every config it has not processed,
// a large part of a headless game's time. The seed is read per match.
let processedGame: ReturnType<typeof ProcessGameConfig> | null = null;

/** The boardgame.io state at the start of a match, as the server would create it. */
export function initialMatchState(numPlayers: number, seed: string, setupData?: SetupData) {
  processedGame ??= ProcessGameConfig({ ...PlanetUnknown });
  return InitializeGame({ game: { ...processedGame, seed }, numPlayers, setupData });
}

/** A mutable copy of the initial game state (boardgame.io freezes its own). */
export function initialGameState(numPlayers: number, seed: string, setupData?: SetupData): GameState {
  return JSON.parse(JSON.stringify(initialMatchState(numPlayers, seed, setupData).G)) as GameState;
}
