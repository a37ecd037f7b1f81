/**
 * Match updates shared between server instances through Redis: a boardgame.io `GenericPubSub`
 * over two ioredis connections (one publishes, one subscribes), as STACK §2.6 recommends over the
 * stale @boardgame.io/redis-pubsub. Each instance still filters the player view per socket.
 */
import { Redis } from 'ioredis';
import type { GenericPubSub } from 'boardgame.io/server';

const PREFIX = 'planet-unknown:';

export class RedisPubSub<T> implements GenericPubSub<T> {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly callbacks = new Map<string, Set<(payload: T) => void>>();
  private closed = false;

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
      let payload: T;
      try {
        payload = JSON.parse(message) as T;
      } catch {
        return;
      }
      for (const cb of callbacks) cb(payload);
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
    this.pub.publish(PREFIX + channelId, JSON.stringify(payload)).catch((err: Error) => {
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
