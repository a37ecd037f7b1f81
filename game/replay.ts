/**
 * Replaying a match record through the real boardgame.io game (its reducer, flow and stages), as
 * the server would have applied the moves. The record format is documented in docs/match-record.md.
 */
import { CreateGameReducer } from 'boardgame.io/internal';
import type { GameState } from './core/types';
import { GAME_NAME, PlanetUnknown } from './game';
import {
  RECORD_FORMAT,
  RECORD_VERSION,
  initialMatchState,
  type MatchRecord,
  type RecordedMove,
} from './match';
import type { SetupData } from './setup-data';
import { validateSetupData } from './setup-data';
import { explainMessage } from './core/messages';

export interface ReplayFailure {
  /** Index of the first bad move in `moves`. */
  index: number;
  move: RecordedMove | unknown;
  reason: string;
}

export interface ReplayResult {
  state: GameState;
  movesApplied: number;
  failure: ReplayFailure | null;
}

/** Why a value is not a match record, or null. */
export function recordError(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'A match record is a JSON object.';
  const r = value as Partial<MatchRecord>;
  if (r.format !== RECORD_FORMAT) return `"format" must be "${RECORD_FORMAT}".`;
  if (r.game !== GAME_NAME) return `"game" must be "${GAME_NAME}".`;
  if (r.version !== 1) return `Unsupported record version ${String(r.version)}; this build reads version 1.`;
  if (!Number.isInteger(r.numPlayers) || (r.numPlayers as number) < 1 || (r.numPlayers as number) > 6)
    return '"numPlayers" must be a whole number from 1 to 6.';
  if (r.seed === null && 'seedWithheld' in r)
    return 'This record was exported during the game: its seed is withheld until the game ends, so it cannot be replayed yet.';
  if (typeof r.seed !== 'string' || r.seed === '') return '"seed" must be a non-empty string.';
  const setupWhy = validateSetupData(r.setupData, r.numPlayers as number);
  if (setupWhy) return `"setupData": ${setupWhy}`;
  if (!Array.isArray(r.moves)) return '"moves" must be a list.';
  return null;
}

function moveShapeError(m: unknown): string | null {
  if (typeof m !== 'object' || m === null) return 'a move is an object {player, move, args?}';
  const { player, move, args } = m as Record<string, unknown>;
  if (typeof player !== 'string') return '"player" must be a player id string';
  if (typeof move !== 'string') return '"move" must be a move name';
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
    return '"args" must be an object when present';
  return null;
}

type BgioState = ReturnType<typeof initialMatchState>;

export function replay(record: MatchRecord): ReplayResult {
  const why = recordError(record);
  if (why) throw new Error(why);
  const reducer = CreateGameReducer({ game: { ...PlanetUnknown, seed: record.seed } });
  let state: BgioState = initialMatchState(record.numPlayers, record.seed, record.setupData);
  for (const [index, m] of record.moves.entries()) {
    const shape = moveShapeError(m);
    if (shape)
      return { state: state.G as GameState, movesApplied: index, failure: { index, move: m, reason: shape } };
    const before = state;
    const serialBefore = (before.G as GameState).private[m.player]?.rejection?.serial ?? 0;
    const action = {
      type: 'MAKE_MOVE' as const,
      payload: {
        type: m.move,
        args: m.args === undefined ? [] : [m.args],
        playerID: m.player,
        credentials: undefined,
      },
    };
    const next = reducer(before, action as never) as BgioState;
    const rejection = (next.G as GameState).private[m.player]?.rejection;
    let reason: string | null = null;
    if (next._stateID === before._stateID) {
      reason = `boardgame.io refused it (is player ${m.player} allowed "${m.move}" now? active: ${JSON.stringify(before.ctx.activePlayers)})`;
    } else if (rejection && rejection.serial !== serialBefore) {
      reason = explainMessage(rejection.reason);
    }
    if (reason)
      return { state: before.G as GameState, movesApplied: index, failure: { index, move: m, reason } };
    state = next;
  }
  return { state: state.G as GameState, movesApplied: record.moves.length, failure: null };
}

/** The parts of a boardgame.io log entry a record needs. */
export interface LogLikeEntry {
  action: { type: string; payload: { type: string; args?: unknown[]; playerID?: string | null } };
}

/**
 * One full log from the logs every seat's client received of one match: boardgame.io gives each
 * client the others' move arguments redacted (game.ts), so each move is taken from its own
 * player's copy. Used where no unfiltered log exists (local games in the browser).
 */
export function mergeSeatLogs(logs: readonly (readonly LogLikeEntry[])[]): LogLikeEntry[] {
  const skeleton = logs.reduce<readonly LogLikeEntry[]>((a, b) => (b.length > a.length ? b : a), []);
  return skeleton.map((entry, i) => {
    const own = logs[Number(entry.action.payload.playerID)]?.[i];
    return own && own.action.payload.type === entry.action.payload.type ? own : entry;
  });
}

/**
 * A match record from a boardgame.io match: its setup and its log (as storage keeps them). Moves
 * the engine rejected stay in boardgame.io's log (their reason was shown to the player), so they
 * are replayed and dropped; what remains replays exactly.
 */
export function recordFromLog(
  setup: { numPlayers: number; seed: string; setupData?: SetupData },
  log: readonly LogLikeEntry[],
): MatchRecord {
  const record: MatchRecord = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    game: GAME_NAME,
    numPlayers: setup.numPlayers,
    seed: setup.seed,
    ...(setup.setupData ? { setupData: setup.setupData } : {}),
    moves: [],
  };
  const reducer = CreateGameReducer({ game: { ...PlanetUnknown, seed: setup.seed } });
  let state: BgioState = initialMatchState(setup.numPlayers, setup.seed, setup.setupData);
  for (const entry of log) {
    if (entry.action.type !== 'MAKE_MOVE') continue;
    const { type, args, playerID } = entry.action.payload;
    if (typeof playerID !== 'string') continue;
    const arg = args?.[0];
    const move: RecordedMove =
      arg && typeof arg === 'object'
        ? { player: playerID, move: type as RecordedMove['move'], args: arg as Record<string, unknown> }
        : { player: playerID, move: type as RecordedMove['move'] };
    const serialBefore = (state.G as GameState).private[playerID]?.rejection?.serial ?? 0;
    const next = reducer(state, entry.action as never) as BgioState;
    const rejection = (next.G as GameState).private[playerID]?.rejection;
    if (next._stateID === state._stateID || (rejection && rejection.serial !== serialBefore)) continue;
    record.moves.push(move);
    state = next;
  }
  return record;
}
