/**
 * The unfinished matches, summed up in memory: what the public match list serves (open matches,
 * newest first, a page at a time) without reading each match's metadata per request, and what the
 * abandonment sweep looks through (server/abandon.ts). Built from storage once at start, then kept
 * by the storage wrapper's writes on this instance; with several instances, each change is named
 * on a pub/sub channel and the others read that one match again.
 *
 * A summary holds no seat `data` and no credentials: nothing a client wrote beyond the validated
 * options and the seat names, both bounded.
 */
import type { MatchData } from './storage/checkpoint';

/** One unfinished match, as the list shows it and the sweep judges it. */
export interface MatchSummary {
  matchID: string;
  players: { id: number; name?: string }[];
  setupData?: unknown;
  createdAt: number;
  updatedAt: number;
  unlisted: boolean;
  /** Seats whose credentials a person holds. */
  personSeats: number;
  /** Seats nobody holds. */
  freeSeats: number;
}

/** What one page of the public list answers. */
export interface MatchPage {
  matches: MatchSummary[];
  /** 1 for the newest matches. */
  page: number;
  perPage: number;
  /** Open matches in all. */
  total: number;
}

export const LIST_PAGE = { default: 50, max: 100 };

/** The pub/sub channel on which instances name the matches whose metadata they changed. */
export const INDEX_CHANNEL = 'match-index';

const isOver = (metadata: MatchData) => metadata.gameover !== undefined && metadata.gameover !== null;

export class MatchIndex {
  private readonly matches = new Map<string, MatchSummary>();
  /** The open, listed matches newest first; rebuilt on the first list after a change. */
  private sorted: MatchSummary[] | null = null;
  /** Called once for each match that leaves the index (over, abandoned or removed). */
  onLeave: ((matchID: string) => void) | null = null;
  private markLoaded: () => void = () => {};
  /** Resolves once every unfinished match in storage has been read at start. */
  readonly ready = new Promise<void>((resolve) => (this.markLoaded = resolve));

  constructor(
    /** Whether a seat's credentials are the server's own bot's (they are not a person's). */
    private readonly isBotCredentials: (credentials: unknown) => boolean,
  ) {}

  /** Every unfinished match in storage is in. */
  loaded(): void {
    this.markLoaded();
  }

  get size(): number {
    return this.matches.size;
  }

  /** The match's metadata as written (or read); a finished match leaves the index. */
  put(matchID: string, metadata: MatchData): void {
    if (isOver(metadata)) return this.remove(matchID);
    const players = Object.values(metadata.players);
    let personSeats = 0;
    let freeSeats = 0;
    for (const p of players) {
      if (!p.credentials && !p.name) freeSeats++;
      else if (p.credentials && !this.isBotCredentials(p.credentials)) personSeats++;
    }
    this.matches.set(matchID, {
      matchID,
      players: players.map((p) => (p.name ? { id: p.id, name: p.name } : { id: p.id })),
      ...(metadata.setupData !== undefined ? { setupData: metadata.setupData } : {}),
      createdAt: metadata.createdAt,
      updatedAt: metadata.updatedAt,
      unlisted: metadata.unlisted === true,
      personSeats,
      freeSeats,
    });
    this.sorted = null;
  }

  /** Only `updatedAt` moved on (the write after every move): no need to list again. */
  touch(matchID: string, updatedAt: number): void {
    const summary = this.matches.get(matchID);
    if (summary && updatedAt > summary.updatedAt) summary.updatedAt = updatedAt;
  }

  remove(matchID: string): void {
    if (!this.matches.delete(matchID)) return;
    this.sorted = null;
    this.onLeave?.(matchID);
  }

  get(matchID: string): MatchSummary | undefined {
    return this.matches.get(matchID);
  }

  /** Every unfinished match (a copy, so the caller may change the index while going through it). */
  all(): MatchSummary[] {
    return [...this.matches.values()];
  }

  /** Page `page` (from 1) of the open matches: listed, a seat free, newest first. */
  page(page: number, perPage: number): MatchPage {
    this.sorted ??= [...this.matches.values()]
      .filter((m) => !m.unlisted && m.freeSeats > 0)
      .sort((a, b) => b.createdAt - a.createdAt || (a.matchID < b.matchID ? -1 : 1));
    const start = (page - 1) * perPage;
    return { matches: this.sorted.slice(start, start + perPage), page, perPage, total: this.sorted.length };
  }
}
