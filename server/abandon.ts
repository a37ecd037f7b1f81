/**
 * Matches nobody will finish. A match in which no person holds a seat (nobody ever joined, or all
 * left) and that has not moved for `ABANDONED_AFTER` is marked abandoned: its metadata's `gameover`
 * becomes `{ abandoned: true }`, so it leaves the public list, its bots stop and are not resumed on
 * the next start, its free seats can no longer be joined, and its record becomes public as a
 * finished one's. A match of bots alone is spared while it plays: every move moves its
 * `updatedAt` on. With several instances, a match's bots are ended by the instance playing them.
 */
import type { BotManager } from './bots';
import type { MatchIndex, MatchSummary } from './match-index';
import type { AckedStorage } from './storage';
import type { MatchData } from './storage/checkpoint';

/** What an abandoned match's metadata says in place of a game's result. */
export const ABANDONED = { abandoned: true } as const;

export const isAbandoned = (gameover: unknown): boolean =>
  typeof gameover === 'object' &&
  gameover !== null &&
  (gameover as { abandoned?: unknown }).abandoned === true;

export interface AbandonOptions {
  index: MatchIndex;
  storage: AckedStorage;
  bots: BotManager;
  /** How long a match without a person may stay still before it is abandoned, in ms. */
  afterMs: number;
  /** Whether a seat's credentials are a person's (not a server bot's). */
  isPersonCredentials: (credentials: unknown) => boolean;
  inMatchQueue: <T>(matchID: string, task: () => Promise<T>) => Promise<T>;
  log: (message: string) => void;
}

/** Whether a match, as its summary or metadata says, has been left without a person long enough. */
export function idleWithoutPeople(
  personSeats: number,
  updatedAt: number,
  now: number,
  afterMs: number,
): boolean {
  return personSeats === 0 && now - updatedAt >= afterMs;
}

export class AbandonSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string[]> | null = null;

  constructor(private readonly o: AbandonOptions) {}

  /** Sweep now and then every `intervalMs` (a quarter of the idle time, at most an hour). */
  start(): void {
    const intervalMs = Math.max(50, Math.min(this.o.afterMs / 4, 3_600_000));
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Mark every match that qualifies as abandoned; resolves with their ids. One sweep at a time. */
  sweep(): Promise<string[]> {
    this.running ??= this.sweepOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async sweepOnce(): Promise<string[]> {
    const now = Date.now();
    const candidates = this.o.index
      .all()
      .filter((m: MatchSummary) => idleWithoutPeople(m.personSeats, m.updatedAt, now, this.o.afterMs));
    const ended: string[] = [];
    for (const { matchID } of candidates) {
      try {
        if (await this.abandon(matchID)) ended.push(matchID);
      } catch (err) {
        this.o.log(`could not mark match ${matchID} abandoned: ${String(err)}`);
      }
    }
    if (ended.length > 0) this.o.log(`marked ${ended.length} match(es) abandoned: ${ended.join(', ')}`);
    return ended;
  }

  /** Check the match again as stored (the summary may be behind), then mark it, between its moves. */
  private abandon(matchID: string): Promise<boolean> {
    return this.o.inMatchQueue(matchID, async () => {
      const { metadata } = await this.o.storage.fetch(matchID, { metadata: true });
      if (!metadata) {
        this.o.index.remove(matchID);
        return false;
      }
      if (metadata.gameover !== undefined && metadata.gameover !== null) {
        this.o.index.remove(matchID);
        return false;
      }
      const people = Object.values(metadata.players).filter((p) => this.o.isPersonCredentials(p.credentials));
      if (!idleWithoutPeople(people.length, metadata.updatedAt, Date.now(), this.o.afterMs)) {
        this.o.index.put(matchID, metadata);
        return false;
      }
      if (!(await this.o.bots.mayEnd(matchID))) return false; // another instance plays its bots
      await this.o.bots.end(matchID);
      const marked: MatchData = { ...metadata, gameover: ABANDONED };
      await this.o.storage.setMetadata(matchID, marked);
      return true;
    });
  }
}
