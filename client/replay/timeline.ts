/**
 * A finished game's record as a timeline the viewer moves along: the state after any number of its
 * moves, found from the nearest kept state (one per round) so a step or a jump costs at most one
 * round of moves, never a replay from the start. The engine plays the moves; the first move it
 * refuses ends the timeline there, and is named (a damaged or forged record).
 */
import {
  type Action,
  applyAction,
  type GameState,
  initialGameState,
  type MatchRecord,
  type Reason,
  recordError,
} from '../../game';

type RecordedMove = MatchRecord['moves'][number];

const actionOf = (m: RecordedMove): Action => ({ ...(m.args ?? {}), type: m.move }) as Action;

const copy = (state: GameState): GameState => structuredClone(state);

export interface RoundMark {
  round: number;
  /** The number of moves played when the round begins. */
  at: number;
}

export class Timeline {
  readonly length: number;
  readonly rounds: RoundMark[] = [];
  /** The state once the game is over (or after the last move that plays). */
  readonly final: GameState;
  /** The first move the engine refuses: the timeline stops before it (a damaged or forged record). */
  readonly failure: { index: number; reason: Reason } | null = null;
  /** Kept states: after `at` moves. */
  private readonly kept: { at: number; state: GameState }[] = [];
  private cache: { at: number; state: GameState } | null = null;
  /** The log's length after each number of moves: which move wrote which entry. */
  private readonly logAfter: number[] = [];

  constructor(readonly record: MatchRecord) {
    const why = recordError(record);
    if (why) throw new Error(why);
    const state = initialGameState(record.numPlayers, record.seed, record.setupData);
    this.kept.push({ at: 0, state: copy(state) });
    let round = state.round;
    this.rounds.push({ round, at: 0 });
    let played = 0;
    this.logAfter.push(state.log.length);
    for (const [i, m] of record.moves.entries()) {
      const refusal = applyAction(state, m.player, actionOf(m));
      if (refusal) {
        this.failure = { index: i, reason: refusal };
        break;
      }
      played = i + 1;
      this.logAfter.push(state.log.length);
      if (state.round !== round) {
        round = state.round;
        this.rounds.push({ round, at: played });
        this.kept.push({ at: played, state: copy(state) });
      }
    }
    this.length = played;
    this.final = state;
  }

  /** The state after the first `at` moves (a fresh copy the caller may keep). */
  stateAt(at: number): GameState {
    const target = Math.max(0, Math.min(this.length, Math.round(at)));
    if (target === this.length) return copy(this.final);
    // The nearest known state at or before the target: a kept round start, or the last position
    // asked for when it lies between (stepping forward then costs one move).
    let base = this.kept[0];
    for (const k of this.kept) if (k.at <= target) base = k;
    if (!base) throw new Error('The timeline has no start.');
    const from = this.cache && this.cache.at <= target && this.cache.at >= base.at ? this.cache : base;
    const state = copy(from.state);
    for (let i = from.at; i < target; i++) {
      const m = this.record.moves[i];
      if (m) applyAction(state, m.player, actionOf(m));
    }
    this.cache = { at: target, state: copy(state) };
    return state;
  }

  /** How many entries of the final log are written after `at` moves. */
  logEntriesAt(at: number): number {
    return this.logAfter[Math.max(0, Math.min(this.length, at))] ?? 0;
  }

  /** The position where the final log's entry `index` has just been written. */
  positionOfEntry(index: number): number {
    const at = this.logAfter.findIndex((n) => n > index);
    return at < 0 ? this.length : at;
  }

  /** The round being played after `at` moves. */
  roundAt(at: number): number {
    let round = this.rounds[0]?.round ?? 0;
    for (const mark of this.rounds) if (mark.at <= at) round = mark.round;
    return round;
  }

  /** Where the round before or after the one at `at` begins (Page Up / Page Down). */
  roundStep(at: number, direction: 1 | -1): number {
    if (direction === 1) return this.rounds.find((r) => r.at > at)?.at ?? this.length;
    const earlier = this.rounds.filter((r) => r.at < at);
    return earlier[earlier.length - 1]?.at ?? 0;
  }
}
