/**
 * Match updates between instances (server/pubsub.ts): an instance's own update reaches its own
 * subscribers at once as the object it published, and once only; another instance gets it through
 * Redis, as the same JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText, RedisPubSub } from '../../server/pubsub';
import { redisBin, startRedis, type Service } from './services';

type Payload = { type: string; args: unknown[] };

describe('the message text', () => {
  it('is JSON.stringify of the message, an update included', () => {
    const state = {
      G: { boards: { 0: { cells: [1, 2, 3] } }, gone: undefined },
      ctx: { turn: 2 },
      _stateID: 7,
    };
    for (const payload of [
      { type: 'update', args: ['m1', state] },
      { type: 'update', args: ['m1', state, undefined] },
      { type: 'matchData', args: ['m1', [{ id: 0, name: 'Ada' }]] },
    ])
      expect(messageText('me', payload)).toBe(JSON.stringify({ origin: 'me', payload }));
  });
});

describe.skipIf(redisBin() === null)('two instances on one Redis', () => {
  let redis: Service;
  const instances: RedisPubSub<Payload>[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.close()));
    await redis?.stop();
  });

  it('deliver an update once to each, the publisher its own object at once', async () => {
    const [a, b] = [new RedisPubSub<Payload>(redis.url), new RedisPubSub<Payload>(redis.url)];
    instances.push(a, b);
    await Promise.all([a.connect(), b.connect()]);
    const seenByA: Payload[] = [];
    const seenByB: Payload[] = [];
    a.subscribe('MATCH-m1', (p) => seenByA.push(p));
    b.subscribe('MATCH-m1', (p) => seenByB.push(p));
    // Both subscriptions are active once Redis answers a round trip on each connection after them.
    await new Promise((r) => setTimeout(r, 300));
    const update: Payload = { type: 'update', args: ['m1', { G: { round: 1 }, ctx: {}, _stateID: 3 }] };
    a.publish('MATCH-m1', update);
    expect(seenByA).toHaveLength(1);
    expect(seenByA[0]).toBe(update);
    const deadline = Date.now() + 5000;
    while (seenByB.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByB).toEqual([update]);
    expect(seenByA, 'its own message from Redis is not delivered again').toHaveLength(1);
  });
});
