/**
 * An online match's table chat on this page: what was said (the server's copy, then each new line
 * its socket brings), what this reader has read, and whom they muted (kept in this browser, per
 * match). A store outside React (useSyncExternalStore), so that a new line re-renders the chat
 * panel and its unread count only, never the table.
 */
import { useSyncExternalStore } from 'react';
import { type ChatLine, GAME_NAME, isChatLine } from '../../game';

export { CHAT_EVENT, CHAT_MAX_CHARS, type ChatLine } from '../../game';

interface Snapshot {
  lines: readonly ChatLine[];
  /** Lines not yet seen in the open panel (a muted seat's never count). */
  unread: number;
  muted: ReadonlySet<string>;
  /** The server's copy could not be read (the live lines still come). */
  failed: boolean;
  /** Why the server refused this reader's last message (its words, in English), until the next one. */
  refused: string | null;
}

const mutedKey = (matchID: string) => `planet-unknown:chat-muted:${matchID}`;

function readMuted(matchID: string): Set<string> {
  try {
    const raw = window.localStorage.getItem(mutedKey(matchID));
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return new Set(Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : []);
  } catch {
    return new Set();
  }
}

export class ChatStore {
  private snapshot: Snapshot;
  private readonly listeners = new Set<() => void>();
  private readonly ids = new Set<string>();
  /** Whether the reader has the panel open: new lines are read as they come. */
  private reading = false;

  constructor(readonly matchID: string) {
    this.snapshot = { lines: [], unread: 0, muted: readMuted(matchID), failed: false, refused: null };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private set(next: Partial<Snapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const l of [...this.listeners]) l();
  }

  /** Lines from the server or the socket, in the order written; a line already here is skipped. */
  add(lines: readonly unknown[], countUnread = true): void {
    const fresh = lines.filter(isChatLine).filter((l) => !this.ids.has(l.id));
    if (fresh.length === 0) return;
    for (const l of fresh) this.ids.add(l.id);
    const all = [...this.snapshot.lines, ...fresh].sort((a, b) => a.at - b.at);
    const counted =
      countUnread && !this.reading ? fresh.filter((l) => !this.snapshot.muted.has(l.seat)).length : 0;
    this.set({ lines: all, unread: this.snapshot.unread + counted });
  }

  /** Read the server's copy (on opening the page, and after a reconnection). */
  async load(signal?: AbortSignal): Promise<void> {
    try {
      const res = await fetch(`/games/${GAME_NAME}/${encodeURIComponent(this.matchID)}/chat`, { signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { messages?: unknown[] };
      // What was said before this page opened is not news.
      this.add(body.messages ?? [], this.snapshot.lines.length > 0);
      if (this.snapshot.failed) this.set({ failed: false });
    } catch {
      if (!signal?.aborted) this.set({ failed: true });
    }
  }

  /** The panel is open (every line is read) or closed. */
  setReading(reading: boolean): void {
    this.reading = reading;
    if (reading && this.snapshot.unread > 0) this.set({ unread: 0 });
  }

  /** The server refused a message of this reader's, or (null) one was sent again. */
  setRefused(reason: string | null): void {
    if (this.snapshot.refused !== reason) this.set({ refused: reason });
  }

  mute(seat: string, muted: boolean): void {
    const next = new Set(this.snapshot.muted);
    if (muted) next.add(seat);
    else next.delete(seat);
    try {
      window.localStorage.setItem(mutedKey(this.matchID), JSON.stringify([...next]));
    } catch {
      // Not kept for the next visit; muted on this page all the same.
    }
    this.set({ muted: next });
  }
}

export const useChat = (store: ChatStore): Snapshot =>
  useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
