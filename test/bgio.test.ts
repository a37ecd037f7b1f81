/**
 * The game through real boardgame.io clients and a master (Local multiplayer): simultaneous moves
 * from the same state (ignoreStaleStateID), rejected moves telling the player why, idempotence,
 * and what each client actually receives (§9).
 */
import { describe, expect, it } from 'vitest';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import type { GameState } from '../game/core/types';
import { legalActions } from '../game/engine';
import { PlanetUnknown } from '../game/game';
import { refusal } from './support/why';

type PUClient = ReturnType<typeof Client<GameState>>;

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

async function table(numPlayers: number, seed = 'bgio-test') {
  const multiplayer = Local();
  const game = { ...PlanetUnknown, seed };
  const clients: PUClient[] = Array.from({ length: numPlayers }, (_, i) =>
    Client<GameState>({ game, numPlayers, multiplayer, playerID: String(i) }),
  );
  const spectator = Client<GameState>({ game, numPlayers, multiplayer });
  for (const c of [...clients, spectator]) c.start();
  await settle();
  return { clients, spectator, G: (i: number) => clients[i]?.getState()?.G as GameState };
}

/** Play one legal step (not confirm) for a client from its own view. */
function step(
  client: PUClient,
  player: string,
  pick: (a: ReturnType<typeof legalActions>) => ReturnType<typeof legalActions>[number] | undefined,
) {
  const view = client.getState()?.G as GameState;
  const action = pick(legalActions(view, player));
  if (!action) throw new Error('no action');
  const { type, ...args } = action;
  (client.moves[type] as (a?: unknown) => void)(Object.keys(args).length ? args : undefined);
  return action;
}

describe('boardgame.io integration', () => {
  it('two players move from the same state in the simultaneous stage; both moves count (ignoreStaleStateID)', async () => {
    const { clients, G } = await table(2);
    const [a, b] = clients as [PUClient, PUClient];
    // Both take a tile before either sees the other's update.
    step(a, '0', (acts) => acts.find((x) => x.type === 'takeTile'));
    step(b, '1', (acts) => acts.find((x) => x.type === 'takeTile'));
    await settle();
    expect(G(0).private['0']?.turn?.draft.taken).not.toBeNull();
    expect(G(1).private['1']?.turn?.draft.taken).not.toBeNull();
  });

  it('a rejected move tells the player why and changes nothing else; each client sees only its own turn', async () => {
    const { clients, spectator, G } = await table(2);
    const [a, b] = clients as [PUClient, PUClient];
    const before = JSON.stringify({ ...G(0), private: null });
    a.moves.placeTile?.({ orientation: 0, x: 5, y: 5 });
    await settle();
    expect(refusal(G(0).private['0']?.rejection?.reason)).toEqual({
      code: 'reason.takeTileFirst',
      rule: '§3.5',
    });
    expect(JSON.stringify({ ...G(0), private: null })).toBe(before);

    step(a, '0', (acts) => acts.find((x) => x.type === 'takeTile'));
    await settle();
    step(a, '0', (acts) => acts.find((x) => x.type === 'placeTile'));
    await settle();
    expect(G(0).private['0']?.turn?.draft.placed).toBe(true);
    expect(G(0).private['0']?.rejection).toBeNull();
    // Player 1 and the spectator see nothing of player 0's turn in progress (§3.10).
    const seenByB = b.getState()?.G as GameState;
    expect(seenByB.private['0']?.turn).toBeNull();
    expect(seenByB.boards['0']?.pieces).toHaveLength(0);
    const seenBySpectator = spectator.getState()?.G as GameState;
    expect(Object.values(seenBySpectator.private).every((p) => p.turn === null && p.civOffer === null)).toBe(
      true,
    );
    // Nobody's copy holds the hidden stacks or civ piles (§9).
    for (const g of [G(0), seenByB, seenBySpectator]) {
      expect(g.hidden.stacks).toEqual([]);
      expect(g.hidden.civPiles).toEqual({});
      expect(g.hidden.objectiveDeck).toEqual([]);
    }
    // Nor does boardgame.io's log: player 0's move arguments reach player 0 only (§3.10, §9).
    const movesOf0 = (log: { action: { type: string; payload: { playerID?: unknown; args?: unknown } } }[]) =>
      log.filter((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === '0');
    const ownLog = movesOf0(a.getState()?.log ?? []);
    expect(ownLog.map((e) => e.action.payload.args)).toContainEqual([
      expect.objectContaining({ x: expect.any(Number) }),
    ]);
    for (const other of [b, spectator]) {
      const seen = movesOf0(other.getState()?.log ?? []);
      expect(seen).toHaveLength(ownLog.length);
      for (const e of seen) expect(e.action.payload.args).toBeNull();
    }
  });

  it('repeating a confirm is rejected, not applied twice', async () => {
    const { clients, G } = await table(2);
    const [a] = clients as [PUClient, PUClient];
    step(a, '0', (acts) => acts.find((x) => x.type === 'takeTile'));
    await settle();
    step(a, '0', (acts) => acts.find((x) => x.type === 'placeTile'));
    await settle();
    for (;;) {
      const next = legalActions(G(0), '0').find((x) => x.type === 'resolve');
      if (!next) break;
      step(a, '0', () => next);
      await settle();
    }
    a.moves.confirm?.();
    await settle();
    const after = a.getState();
    a.moves.confirm?.();
    await settle();
    expect(a.getState()?._stateID).toBe(after?._stateID);
    expect(G(0).confirmed['0']).toBe(true);
    expect(G(0).round).toBe(1);
  });

  it('a whole 3-player game plays to the end through the clients, rounds as turns led by the commander', async () => {
    const { clients } = await table(3, 'bgio-full');
    const master = () => clients[0]?.getState();
    const phases = new Set<string>();
    for (let guard = 0; guard < 5000 && !master()?.ctx.gameover; guard++) {
      const active = Object.keys(master()?.ctx.activePlayers ?? {});
      const player = active[0];
      if (player === undefined) throw new Error('nobody active');
      const client = clients[Number(player)] as PUClient;
      const view = client.getState()?.G as GameState;
      const acts = legalActions(view, player);
      const action = acts.find((x) => x.type !== 'moveRover') ?? acts[0];
      if (!action) throw new Error(`no legal action for ${player}`);
      const { type, ...args } = action;
      (client.moves[type] as (a?: unknown) => void)(Object.keys(args).length ? args : undefined);
      await settle();
      if (master()?.ctx.phase) phases.add(master()?.ctx.phase as string);
      if (master()?.ctx.currentPlayer !== undefined) {
        expect(master()?.ctx.currentPlayer).toBe((master()?.G as GameState).commander);
      }
    }
    const state = master();
    expect(state?.ctx.gameover).toBeTruthy();
    expect((state?.G as GameState).result?.scores).toHaveLength(3);
    expect(phases.has('play')).toBe(true);
  }, 120_000);
});
