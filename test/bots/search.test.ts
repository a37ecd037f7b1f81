/**
 * The Commander's search pieces: the race over candidates (successive elimination on paired
 * worlds) and the playouts' cheap placement ranking (only the snuggest placements valued).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  COMMANDER_DEFAULTS,
  playout,
  playoutEnd,
  playoutTurn,
  playoutValue,
  race,
  raceCandidates,
} from '../../game/bots/commander';
import { cadetDecide } from '../../game/bots/cadet';
import { initialGameState } from '../../game/match';
import type { GameState } from '../../game/core/types';
import { DEFAULT_WEIGHTS } from '../../game/bots/features';
import { envFor, lookAhead } from '../../game/bots/pilot';
import { planRound, rankPlacements, TurnSandbox, type Plan } from '../../game/bots/plan';
import { LEARNED_VALUE } from '../../game/bots/value/learned';
import { createRng } from '../../game/core/prng';
import { toolArgs } from '../support/tool-args';
import { applyAction, awaiting, legalActions, stageOf } from '../../game/engine';
import { playerView } from '../../game/view';
import { opensWithGain, soloFirstTurn, soloTurnOpeningWithGain } from '../support/solo-turns';

describe('the race over candidates', () => {
  it('drops a clearly worse candidate early and keeps playing the close ones', () => {
    // Candidate 0 is the baseline; 1 trails by 10 in every world; 2 is level with 0, give or take.
    const worth = (world: number, k: number) => (k === 1 ? -10 : k === 2 ? (world % 2 ? 1 : -1) : 0);
    const played: number[][] = [[], [], []];
    const { alive, worlds, values } = race(3, 6, true, (world, k) => {
      played[k]?.push(world);
      return worth(world, k);
    });
    expect(worlds).toBe(6);
    expect(alive).toEqual([0, 2]);
    // Out after the first two worlds; the others played all six.
    expect(played[1]).toEqual([0, 1]);
    expect(played[2]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(values[0]).toHaveLength(6);
  });

  it('without dropping (training labels), every candidate plays every world', () => {
    const worth = (_world: number, k: number) => (k === 1 ? -10 : 0);
    const { alive, worlds, values } = race(3, 6, false, worth);
    expect(worlds).toBe(6);
    expect(alive).toEqual([0, 1, 2]);
    for (const v of values) expect(v).toHaveLength(6);
  });

  it('keeps the baseline even when it trails, and stops once it is alone', () => {
    const { alive, worlds } = race(2, 50, true, (_world, k) => (k === 0 ? -5 : 0));
    expect(alive).toEqual([0, 1]);
    expect(worlds).toBe(50);
    const alone = race(2, 50, true, (_world, k) => (k === 0 ? 0 : -5));
    expect(alone.alive).toEqual([0]);
    expect(alone.worlds).toBe(2);
  });

  it('leaves out a world cut short by the deadline for every candidate', () => {
    let calls = 0;
    const { worlds, values } = race(3, 10, true, () => (++calls > 7 ? null : 1));
    // Worlds 0 and 1 complete (6 calls); world 2 is cut after one candidate.
    expect(worlds).toBe(2);
    for (const v of values) expect(v).toHaveLength(2);
  });
});

describe('the race’s candidates', () => {
  const view = playerView(soloFirstTurn('candidates'), '0');
  const turn = view.private['0']?.turn;
  if (!turn) throw new Error('no turn to plan');
  const tileOf = (plan: Plan) => plan.actions.find((a) => a.type === 'takeTile');

  it('are the best of the plans ranked by the look ahead, the best plan of each tile among them', () => {
    const env = envFor(view, '0');
    const ranked = lookAhead(
      view,
      '0',
      planRound(new TurnSandbox(view, '0', 'round', env), turn.draft, 16, true),
      env,
    );
    expect(ranked.length).toBeGreaterThan(8);
    const chosen = raceCandidates(ranked, 8);
    expect(chosen).toHaveLength(8);
    // Candidate 0 stays the Pilot's choice, and the order stays the ranking's.
    expect(chosen[0]).toBe(ranked[0]);
    const at = chosen.map((plan) => ranked.indexOf(plan));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const tiles = (plans: Plan[]) => new Set(plans.map((plan) => JSON.stringify(tileOf(plan))));
    expect(tiles(chosen)).toEqual(tiles(ranked));
    // With no more plans than candidates, all of them, as ranked.
    expect(raceCandidates(ranked.slice(0, 5), 8)).toEqual(ranked.slice(0, 5));
  });

  it('let a tile ranked below the first eight in, in place of the lowest plan of a tile already in', () => {
    const plan = (stack: 'small' | 'large', value: number): Plan => ({
      actions: [{ type: 'takeTile', stack }],
      reasons: [null],
      value,
      draft: turn.draft,
    });
    const ranked = [...Array.from({ length: 9 }, (_, k) => plan('small', 20 - k)), plan('large', 5)];
    const chosen = raceCandidates(ranked, 8);
    expect(chosen.map((p) => p.value)).toEqual([20, 19, 18, 17, 16, 15, 14, 5]);
  });
});

describe('the Pilot’s look two rounds ahead (`lookDeep`)', () => {
  const view = playerView(soloFirstTurn('look-deep'), '0');
  const turn = view.private['0']?.turn;
  if (!turn) throw new Error('no turn to plan');
  const plans = planRound(new TurnSandbox(view, '0', 'round', envFor(view, '0')), turn.draft, 16);
  const ranked = (w: Partial<typeof DEFAULT_WEIGHTS>) =>
    lookAhead(view, '0', plans, envFor(view, '0', { ...DEFAULT_WEIGHTS, ...w }));

  it('looks past the next round from the best plans by the next round alone; the others follow in that order', () => {
    expect(plans.length).toBeGreaterThan(8);
    const nextOnly = ranked({ lookahead2: 0 });
    const deep = ranked({ lookDeep: 4 });
    expect(new Set(deep.slice(0, 4))).toEqual(new Set(nextOnly.slice(0, 4)));
    expect(deep.slice(4)).toEqual(nextOnly.slice(4));
  });

  it('with 0, or as many as the plans, looks at every plan two rounds ahead', () => {
    expect(ranked({ lookDeep: plans.length })).toEqual(ranked({ lookDeep: 0 }));
  });
});

describe('the playouts’ cheap ranking', () => {
  it('values only the snuggest placements of each tile and ranks the rest last', () => {
    const view = playerView(soloFirstTurn('prefilter'), '0');
    const turn = view.private['0']?.turn;
    if (!turn) throw new Error('no turn to plan');
    const box = new TurnSandbox(view, '0', 'round', envFor(view, '0'), true);
    const full = rankPlacements(box, turn.draft);
    const cheap = rankPlacements(box, turn.draft, 4);
    expect(cheap).toHaveLength(full.length);
    const tiles = new Set(full.map((c) => JSON.stringify(c.prefix)));
    const valued = cheap.filter((c) => Number.isFinite(c.value));
    expect(valued.length).toBeLessThanOrEqual(4 * tiles.size);
    expect(valued.length).toBeGreaterThan(0);
    // A placement valued in both rankings gets the same value.
    const key = (c: (typeof full)[number]) => JSON.stringify([c.prefix, c.place]);
    const fullValue = new Map(full.map((c) => [key(c), c.value]));
    for (const c of valued) expect(c.value).toBeCloseTo(fullValue.get(key(c)) as number, 9);
  });
});

describe('a playout’s own turns', () => {
  it('plan a turn that opens with an event’s gain on past the gain, so the planner, not the Cadet, places the tile', () => {
    // Solo, seed 'event-first': round 4 opens with an event's advance to resolve before any tile
    // may be taken (§3.4). The earlier rounds are the Cadet's.
    const state = soloTurnOpeningWithGain('event-first');
    expect(opensWithGain(state)).toBe(true);
    expect(state.round).toBe(4);

    // By hand: the plan up to the gain, then the plan from there, each the playouts' one plan.
    const byHand = structuredClone(state);
    for (let pass = 0; pass < 2; pass++) {
      const turn = byHand.private['0']?.turn;
      if (!turn) throw new Error('the turn ended early');
      const box = new TurnSandbox(byHand, '0', 'round', envFor(byHand, '0'), true);
      const [plan] = planRound(box, turn.draft, 1, false, COMMANDER_DEFAULTS.prefilter);
      for (const a of plan?.actions ?? []) expect(applyAction(byHand, '0', a)).toBeNull();
    }
    const played = structuredClone(state);
    playoutTurn(played, '0', DEFAULT_WEIGHTS, LEARNED_VALUE, createRng('turn'), COMMANDER_DEFAULTS.prefilter);
    // The tile this round's turn placed.
    const tileOf = (s: typeof state) => {
      const board = s.boards['0'];
      const piece = board && board.lastTile !== null ? board.pieces[board.lastTile] : undefined;
      return piece?.round === 4 ? piece : undefined;
    };
    expect(tileOf(byHand)).toBeDefined();
    expect(tileOf(played)).toEqual(tileOf(byHand));
    expect(played.boards['0']).toEqual(byHand.boards['0']);
  });
});

describe('a playout’s other seats', () => {
  /** A two-player game at round 1's turns, both tiles still to choose; setup by the Cadet. */
  const duelFirstTurns = (): GameState => {
    const state = initialGameState(2, 'rivals');
    const rng = createRng('rivals');
    const choosing = (p: string) =>
      stageOf(state, p) === 'build' && legalActions(state, p).some((a) => a.type === 'takeTile');
    for (let guard = 0; guard < 200 && !(choosing('0') && choosing('1')); guard++)
      for (const p of Object.keys(awaiting(state)))
        if (stageOf(state, p) && !choosing(p))
          applyAction(state, p, cadetDecide(state, p, legalActions(state, p), rng).action);
    return state;
  };
  const { prefilter } = COMMANDER_DEFAULTS;

  it('with rivalPilot the other seat’s turn is planned as the player’s own, and contest takes the best rival’s value off', () => {
    const state = duelFirstTurns();
    expect(state.round).toBe(1);
    // Both turns planned by hand, each as the playouts plan the player's own: the round closes.
    const byHand = structuredClone(state);
    for (const seat of ['0', '1'])
      playoutTurn(byHand, seat, DEFAULT_WEIGHTS, LEARNED_VALUE, createRng('turn'), prefilter);
    expect(byHand.round).toBe(2);
    expect(byHand.boards['1']?.pieces.some((piece) => piece.round === 1)).toBe(true);
    const end = playoutEnd(state, '0', [], 'play', 0, DEFAULT_WEIGHTS, prefilter, LEARNED_VALUE, true);
    if (!end) throw new Error('the playout did not fit its world');
    expect(end.boards).toEqual(byHand.boards);
    // Without it the Cadet plays seat 1, and here takes another turn.
    const cadets = playoutEnd(state, '0', [], 'play', 0, DEFAULT_WEIGHTS, prefilter, LEARNED_VALUE, false);
    expect(cadets?.boards['0']).toEqual(byHand.boards['0']);
    expect(cadets?.boards['1']).not.toEqual(byHand.boards['1']);

    const value = (contest: number, player = '0') =>
      playoutValue(end, player, DEFAULT_WEIGHTS, LEARNED_VALUE, contest);
    expect(value(1)).toBeCloseTo(value(0) - value(0, '1'), 9);
    expect(value(0.5)).toBeCloseTo(value(0) - 0.5 * value(0, '1'), 9);
    // playout is the two together.
    const rivals = { rivalPilot: true, contest: 0.5 };
    expect(playout(state, '0', [], 'play', 0, DEFAULT_WEIGHTS, prefilter, LEARNED_VALUE, rivals)).toBeCloseTo(
      value(0.5),
      9,
    );
  });
});

describe('npm run strength: levels compared on the same deals', () => {
  it('soloGain: each level against the one before it, deal by deal, with a 95% interval', () => {
    const args = toolArgs('strength.ts', ['--games', '2', '--seed', 'gain', '--levels', 'random,cadet']);
    const r = spawnSync(process.execPath, [...args, '--duels', '', '--json'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout.trim().split('\n').pop() as string);
    const [gain] = report.soloGain;
    expect(gain).toMatchObject({ a: 'cadet', b: 'random', games: 2 });
    expect(gain.meanDiff).toBeCloseTo(report.solo.cadet.avg - report.solo.random.avg, 0);
    expect(gain.ci95[0]).toBeLessThanOrEqual(gain.meanDiff);
    expect(gain.ci95[1]).toBeGreaterThanOrEqual(gain.meanDiff);
  }, 60_000);
});
