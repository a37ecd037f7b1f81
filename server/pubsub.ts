/**
 * Match updates shared between server instances through Redis: a boardgame.io `GenericPubSub`
 * over two ioredis connections (one publishes, one subscribes), as STACK §2.6 recommends over the
 * stale @boardgame.io/redis-pubsub. Each instance still filters the player view per socket.
 *
 * An instance hands what it publishes to its own subscribers at once, as the object it was given,
 * and ignores it when Redis brings it back: with matches routed to one instance, that is every
 * update, and parsing each one back from its text cost the JSON parse of a whole state per move and
 * made every player view a state never seen before (no part's text to reuse, server/state-json.ts).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { GenericPubSub } from 'boardgame.io/server';
import { stateJSON } from './state-json';

const PREFIX = 'planet-unknown:';

/** A message on Redis: the publishing instance and the payload. */
interface Message<T> {
  origin: string;
  payload: T;
}

/** `JSON.stringify({ origin, payload })`, with an update's state from its parts' text. */
export function messageText(origin: string, payload: unknown): string {
  const p = payload as { type?: unknown; args?: unknown };
  if (p.type === 'update' && Array.isArray(p.args) && Object.keys(p).length === 2) {
    const args = p.args.map((arg: unknown) => stateJSON(arg) ?? 'null').join(',');
    return `{"origin":${JSON.stringify(origin)},"payload":{"type":"update","args":[${args}]}}`;
  }
  return JSON.stringify({ origin, payload });
}

export class RedisPubSub<T> implements GenericPubSub<T> {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly callbacks = new Map<string, Set<(payload: T) => void>>();
  private closed = false;
  /** This instance, on the messages it publishes. */
  private readonly origin = randomUUID();
  /** How this instance's own messages begin. */
  private readonly ownPrefix = `{"origin":${JSON.stringify(this.origin)},`;

  constructor(
    url: string,
    private readonly log: (message: string) => void = (m) => console.error(m),
  ) {
    const options = { maxRetriesPerRequest: 3, lazyConnect: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.sub.on('message', (channel: string, message: string) => {
      const callbacks = this.callbacks.get(channel.slice(PREFIX.length));
      if (!callbacks) return;
      // Our own messages were delivered when published: skip them before parsing.
      if (message.startsWith(this.ownPrefix)) return;
      let parsed: Message<T>;
      try {
        parsed = JSON.parse(message) as Message<T>;
      } catch {
        return;
      }
      for (const cb of callbacks) cb(parsed.payload);
    });
    for (const conn of [this.pub, this.sub])
      conn.on('error', (err: Error) => this.log(`Redis: ${err.message}`));
  }

  /** Connect both connections; rejects if Redis cannot be reached. */
  async connect(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
  }

  publish(channelId: string, payload: T): void {
    if (this.closed) return;
    for (const cb of this.callbacks.get(channelId) ?? []) cb(payload);
    this.pub.publish(PREFIX + channelId, messageText(this.origin, payload)).catch((err: Error) => {
      this.log(`Redis publish on ${channelId} failed: ${err.message}`);
    });
  }

  subscribe(channelId: string, callback: (payload: T) => void): void {
    let callbacks = this.callbacks.get(channelId);
    if (!callbacks) {
      callbacks = new Set();
      this.callbacks.set(channelId, callbacks);
      this.sub.subscribe(PREFIX + channelId).catch((err: Error) => {
        this.log(`Redis subscribe to ${channelId} failed: ${err.message}`);
      });
    }
    callbacks.add(callback);
  }

  unsubscribeAll(channelId: string): void {
    if (!this.callbacks.delete(channelId)) return;
    this.sub.unsubscribe(PREFIX + channelId).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    this.callbacks.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}

/** boardgame.io's default in-process pub/sub, for a single instance. */
export class MemoryPubSub<T> implements GenericPubSub<T> {
  private readonly callbacks = new Map<string, Set<(payload: T) => void>>();

  publish(channelId: string, payload: T): void {
    for (const cb of this.callbacks.get(channelId) ?? []) cb(payload);
  }

  subscribe(channelId: string, callback: (payload: T) => void): void {
    let callbacks = this.callbacks.get(channelId);
    if (!callbacks) this.callbacks.set(channelId, (callbacks = new Set()));
    callbacks.add(callback);
  }

  unsubscribeAll(channelId: string): void {
    this.callbacks.delete(channelId);
  }
}
