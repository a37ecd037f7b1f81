/**
 * Plays the bot seats of a local table. Whenever a bot's seat is awaited, the driver asks the
 * decision source (the worker) with that bot's own view, sends the answer as the bot's move and
 * waits until the move has shown up before asking again. A refused move is reported and replaced
 * by another legal action; a bot refused too often in a row stops and says so instead of looping.
 */
import {
  type Action,
  awaiting,
  type BotLevel,
  createRng,
  type GameState,
  legalActions,
  type Message,
  type PlayerID,
  type Reason,
} from '../../game';
import type { DecisionSource } from './bot-protocol';

/** What the driver needs of a seat's boardgame.io client. */
export interface BotSeatClient {
  getState(): { G: GameState; _stateID: number } | null;
  subscribe(listener: () => void): () => void;
}

export interface BotSeat {
  player: PlayerID;
  level: BotLevel;
  client: BotSeatClient;
  send(action: Action): void;
}

export type BotEvent =
  | { kind: 'thinking'; player: PlayerID }
  | { kind: 'decided'; player: PlayerID; action: Action; reason: Message }
  | { kind: 'rejected'; player: PlayerID; action: string; reason: Reason }
  | { kind: 'failed'; player: PlayerID; reason: string }
  | { kind: 'fallback'; player: PlayerID; action: Action }
  | { kind: 'ignored'; player: PlayerID; action: string }
  | { kind: 'stuck'; player: PlayerID; reason: 'refused' | 'noLegalAction' };

export interface BotDriverOptions {
  seed: string;
  budgetMs?: number;
  /** Refused or failed decisions in a row before a bot gives up. */
  maxFailures?: number;
  /** How long to wait for a sent move to show up before deciding again. */
  settleMs?: number;
  now?: () => number;
}

interface SeatProgress {
  busy: boolean;
  stuck: boolean;
  /** The seat's situation when its last move was sent; null when no move is on its way. */
  sentFingerprint: string | null;
  sentAt: number;
  sentAction: Action['type'] | null;
  sentFallback: boolean;
  rejectionSerial: number;
  failures: number;
}

/** The parts of the state a bot's own move changes (or its refusal, through the rejection). */
export function seatFingerprint(G: GameState, player: PlayerID): string {
  return JSON.stringify([
    G.round,
    G.step,
    awaiting(G)[player] ?? null,
    G.confirmed[player] ?? null,
    G.private[player] ?? null,
    G.boards[player] ?? null,
    G.queue,
    G.civPending[player] ?? null,
    G.endgameDone.includes(player),
  ]);
}

export class BotDriver {
  private readonly progress = new Map<PlayerID, SeatProgress>();
  private readonly unsubscribe: (() => void)[] = [];
  private stopped = false;
  private recheck: ReturnType<typeof setTimeout> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly seats: readonly BotSeat[],
    private readonly source: DecisionSource,
    private readonly onEvent: (event: BotEvent) => void,
    private readonly options: BotDriverOptions,
  ) {
    this.now = options.now ?? (() => Date.now());
    for (const seat of seats) {
      this.progress.set(seat.player, {
        busy: false,
        stuck: false,
        sentFingerprint: null,
        sentAt: 0,
        sentAction: null,
        sentFallback: false,
        rejectionSerial: seat.client.getState()?.G.private[seat.player]?.rejection?.serial ?? 0,
        failures: 0,
      });
    }
  }

  /** Follow the clients and play whenever a bot is awaited. */
  start(): void {
    for (const seat of this.seats) this.unsubscribe.push(seat.client.subscribe(() => this.tick()));
    this.tick();
  }

  stop(): void {
    this.stopped = true;
    if (this.recheck) clearTimeout(this.recheck);
    this.unsubscribe.splice(0).forEach((u) => u());
  }

  /** Look at every bot seat once; safe to call at any time. */
  tick(): void {
    for (const seat of this.seats) this.consider(seat);
  }

  private consider(seat: BotSeat): void {
    const progress = this.progress.get(seat.player) as SeatProgress;
    if (this.stopped || progress.busy || progress.stuck) return;
    const state = seat.client.getState();
    if (!state || state.G.result) return;
    const { G } = state;
    const rejection = G.private[seat.player]?.rejection;
    if (rejection && rejection.serial !== progress.rejectionSerial) {
      progress.rejectionSerial = rejection.serial;
      progress.sentFingerprint = null;
      this.onEvent({
        kind: 'rejected',
        player: seat.player,
        action: rejection.action,
        reason: rejection.reason,
      });
      this.fallBack(seat, G, rejection.action);
      return;
    }
    if (awaiting(G)[seat.player] === undefined) return;
    const fingerprint = seatFingerprint(G, seat.player);
    if (progress.sentFingerprint !== null) {
      const settled = this.now() - progress.sentAt > (this.options.settleMs ?? 3000);
      if (fingerprint === progress.sentFingerprint) {
        // The move is on its way; look again once it has had time to arrive.
        if (!settled) return this.recheckLater();
        // Nothing happened: the game did not take the move at all (not a move of this stage).
        progress.sentFingerprint = null;
        const refused = progress.sentAction ?? '';
        this.onEvent({ kind: 'ignored', player: seat.player, action: refused });
        return this.fallBack(seat, G, refused);
      }
      progress.sentFingerprint = null;
      // Only a decision of the bot's own that went through shows it is back on track.
      if (!progress.sentFallback) progress.failures = 0;
    }
    this.ask(seat, G, state._stateID, fingerprint);
  }

  private recheckLater(): void {
    if (this.recheck) return;
    this.recheck = setTimeout(
      () => {
        this.recheck = null;
        this.tick();
      },
      (this.options.settleMs ?? 3000) + 10,
    );
  }

  private ask(seat: BotSeat, G: GameState, stateID: number, fingerprint: string): void {
    const progress = this.progress.get(seat.player) as SeatProgress;
    progress.busy = true;
    this.onEvent({ kind: 'thinking', player: seat.player });
    this.source
      .decide({
        state: G,
        player: seat.player,
        level: seat.level,
        seed: `${this.options.seed}:${seat.player}:${stateID}`,
        ...(this.options.budgetMs !== undefined ? { budgetMs: this.options.budgetMs } : {}),
      })
      .then(
        (decision) => {
          progress.busy = false;
          if (this.stopped) return;
          const now = seat.client.getState();
          // Something else changed this bot's situation meanwhile: decide again from the new one.
          if (!now || seatFingerprint(now.G, seat.player) !== fingerprint) return this.tick();
          this.onEvent({
            kind: 'decided',
            player: seat.player,
            action: decision.action,
            reason: decision.reason,
          });
          this.sendMove(seat, fingerprint, decision.action);
        },
        (error: unknown) => {
          progress.busy = false;
          if (this.stopped) return;
          this.onEvent({
            kind: 'failed',
            player: seat.player,
            reason: error instanceof Error ? error.message : String(error),
          });
          const now = seat.client.getState();
          if (now) this.fallBack(seat, now.G, null);
        },
      );
  }

  /** Another legal action than the one refused, chosen at random. */
  private fallBack(seat: BotSeat, G: GameState, refused: string | null): void {
    const progress = this.progress.get(seat.player) as SeatProgress;
    progress.failures++;
    if (progress.failures > (this.options.maxFailures ?? 3)) {
      progress.stuck = true;
      this.onEvent({ kind: 'stuck', player: seat.player, reason: 'refused' });
      return;
    }
    if (awaiting(G)[seat.player] === undefined) return;
    const legal = legalActions(G, seat.player);
    const others = legal.filter((a) => a.type !== refused);
    const choices = others.length ? others : legal;
    if (!choices.length) {
      progress.stuck = true;
      this.onEvent({ kind: 'stuck', player: seat.player, reason: 'noLegalAction' });
      return;
    }
    const rng = createRng(`${this.options.seed}:${seat.player}:fallback:${progress.failures}:${G.round}`);
    const action = rng.pick(choices);
    this.onEvent({ kind: 'fallback', player: seat.player, action });
    this.sendMove(seat, seatFingerprint(G, seat.player), action, true);
  }

  private sendMove(seat: BotSeat, fingerprint: string, action: Action, fallback = false): void {
    const progress = this.progress.get(seat.player) as SeatProgress;
    progress.sentFallback = fallback;
    progress.sentFingerprint = fingerprint;
    progress.sentAt = this.now();
    progress.sentAction = action.type;
    seat.send(action);
    // The client may have applied the move already, without telling its subscribers yet.
    queueMicrotask(() => this.tick());
  }
}
