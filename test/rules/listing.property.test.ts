/**
 * One listing decides (§3, R1–R4): over random positions of random games, every action that
 * `legalActions` lists is accepted, and actions near them that it does not list (shifted or turned
 * placements, other rotations, wrong pending ids, wrong choices, junk values, actions of a player
 * whose stage it is not) are refused with the state byte-identical. Undo and restart count as
 * listed exactly when the open turn has a step to take back (R4); a confirmed turn showing Jump
 * Drive F's cards has none (§3.8).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, GameState, PlayerID } from '../../game/core/types';
import { createRng, type Rng } from '../../game/core/prng';
import { orientationsOf } from '../../game/core/geometry';
import { shapeById, tileById } from '../../game/data';
import { applyAction, awaiting, legalActions, mayTakeBack, stageOf } from '../../game/engine';
import { clone } from '../../game/rules/draft';
import { initialGameState } from '../../game/match';
import { why } from '../support/why';

/** A position reached by `depth` random legal actions (undo now and then) from a random setup. */
function randomPosition(
  seed: number,
  players: number,
  objectives: boolean,
  depth: number,
  boards: 'symmetric' | 'dealt' | 'free' = 'symmetric',
): GameState {
  const rng = createRng(seed);
  const state = initialGameState(players, `listing-${seed}`, {
    events: 'standard',
    privateObjectives: objectives,
    boards,
  });
  for (let k = 0; k < depth && state.step !== 'over'; k++) {
    const player = rng.pick(Object.keys(awaiting(state)));
    if (player === undefined) break;
    const steps = state.private[player]?.turn?.steps.length ?? 0;
    const action: Action =
      steps > 0 && rng.int(8) === 0 ? { type: 'undo' } : rng.pick(legalActions(state, player));
    const refused = applyAction(state, player, action);
    if (refused) throw new Error(`A listed action was refused while playing: ${why(refused)}`);
  }
  return state;
}

/** A choice or action written with sorted keys, so that equal values compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${k}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** The key under which an action counts as listed: placements by the cells they cover, kept objectives as a set. */
function listingKey(state: GameState, player: PlayerID, action: Action): string {
  if (action.type === 'placeTile') {
    const taken = state.private[player]?.turn?.draft.taken;
    const shape = taken ? tileById(taken.tileId).shape : null;
    const o = shape === null ? undefined : orientationsOf(shapeById(shape))[action.orientation];
    return canonical({ type: 'placeTile', o: o?.canonical ?? action.orientation, x: action.x, y: action.y });
  }
  if (action.type === 'keepObjectives' && Array.isArray(action.cards))
    return canonical({ type: 'keepObjectives', cards: [...action.cards].sort((a, b) => a - b) });
  if (action.type === 'resolve') return canonical({ ...action, choice: action.choice ?? {} });
  return canonical(action);
}

/** What may be done now: the listing, with undo and restart where a step can be taken back (R4). */
function listed(state: GameState, player: PlayerID): Action[] {
  const out = legalActions(state, player);
  // A confirmed turn waits for the others' and can no longer be taken back (§3.8).
  if (mayTakeBack(state, player)) out.push({ type: 'undo' }, { type: 'restart' });
  return out;
}

const JUNK: unknown[] = [-1, 12, 2.5, '3', null, undefined, [], {}, NaN, 1e9];
/** Junk for a key of a choice: an undefined key is the same as an absent one. */
const JUNK_VALUE = JUNK.filter((v) => v !== undefined);

/** Actions close to the listed ones (most are not listed; the test sorts them by the listing). */
function nearMisses(state: GameState, player: PlayerID, actions: Action[], rng: Rng): unknown[] {
  const out: unknown[] = [
    { type: 'undo' },
    { type: 'restart' },
    { type: 'confirm' },
    { type: 'nonsense' },
    null,
    'confirm',
    { type: 'rotate', rotation: rng.pick(JUNK) },
    { type: 'pickCiv', card: rng.int(120) },
    { type: 'keepObjectives', cards: [rng.int(30)] },
    {
      type: 'chooseBoard',
      planet: rng.pick(['nowhere', 'TARTARUS', 7, null]),
      corporation: rng.pick(['acme', 'REPUBLIC', 7, null]),
    },
    { type: 'takeTile', stack: rng.pick(['small', 'large', 'medium', 0]) },
    { type: 'resolve', item: rng.int(40), choice: {} },
    { type: 'moveRover', rover: rng.int(6), path: [[rng.int(12), rng.int(12)]] },
    { type: 'placeTile', orientation: rng.int(8), x: rng.int(12), y: rng.int(12) },
  ];
  const turn = state.private[player]?.turn;
  for (const a of actions.length > 8 ? [...Array(8)].map(() => rng.pick(actions)) : actions) {
    switch (a.type) {
      case 'rotate':
        out.push({ ...a, rotation: a.rotation + 6 }, { ...a, rotation: rng.pick(JUNK) });
        break;
      case 'pickCiv':
        out.push({ ...a, card: a.card + 1 }, { ...a, card: String(a.card) }, { ...a, card: rng.pick(JUNK) });
        break;
      case 'chooseBoard':
        out.push(
          { ...a, planet: a.planet.toUpperCase() },
          { ...a, planet: `${a.planet} ` },
          { ...a, planet: rng.pick(JUNK) },
          { ...a, corporation: a.corporation.toUpperCase() },
          { ...a, corporation: rng.pick(JUNK) },
          { type: a.type, planet: a.planet },
        );
        break;
      case 'keepObjectives':
        out.push(
          { ...a, cards: [...a.cards].reverse() },
          { ...a, cards: [...a.cards, ...a.cards] },
          { ...a, cards: a.cards.slice(1) },
          { ...a, cards: a.cards.map((c) => c + 1) },
          { ...a, cards: rng.pick(JUNK) },
        );
        break;
      case 'takeTile':
        out.push({ ...a, stack: a.stack === 'small' ? 'large' : 'small' }, { ...a, stack: rng.pick(JUNK) });
        break;
      case 'placeTile':
        out.push(
          { ...a, x: a.x + rng.pick([-1, 1]) },
          { ...a, y: a.y + rng.pick([-1, 1]) },
          { ...a, orientation: (a.orientation + 1 + rng.int(7)) % 8 },
          { ...a, orientation: a.orientation + 8 },
          { ...a, x: rng.pick(JUNK) },
        );
        break;
      case 'resolve': {
        const choice = a.choice ?? {};
        const shifted = (key: 'x' | 'y' | 'track' | 'option') => {
          const v = (choice as Record<string, unknown>)[key];
          if (typeof v === 'number') return { ...choice, [key]: v + rng.pick([-1, 1]) };
          if (typeof v === 'string')
            return { ...choice, [key]: rng.pick(['civ', 'water', 'rover', 'tech', 'x']) };
          return { ...choice, [key]: rng.pick(JUNK_VALUE) };
        };
        out.push(
          { ...a, item: a.item + 1 + rng.int(5) },
          { ...a, item: rng.pick(JUNK) },
          { ...a, choice: shifted(rng.pick(['x', 'y', 'track', 'option'] as const)) },
          { ...a, choice: { ...choice, junk: 1 } },
          { ...a, choice: rng.pick(JUNK) },
          { ...a, choice: undefined },
        );
        break;
      }
      case 'moveRover': {
        const [[x, y] = [0, 0]] = a.path;
        out.push(
          { ...a, rover: a.rover + 1 },
          { ...a, path: [[x + 1, y + 1]] },
          { ...a, path: [[x, y + rng.pick([-2, 2])]] },
          {
            ...a,
            path: [
              [x, y],
              [x, y],
            ],
          },
          { ...a, path: rng.pick(JUNK) },
          { ...a, path: [[rng.pick(JUNK), y]] },
        );
        break;
      }
      default:
        break;
    }
  }
  // Every square beside every rover on the planet: off the planet, or a terrain the event forbids.
  for (const r of turn?.draft.board.rovers ?? []) {
    if (r.cell === null) continue;
    const [x, y] = [r.cell % 12, Math.floor(r.cell / 12)];
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const)
      out.push({ type: 'moveRover', rover: r.id, path: [[x + dx, y + dy]] });
  }
  if (turn && turn.steps.length > 0)
    out.push({ type: 'placeTile', orientation: 0, x: 0, y: 0, at: turn.steps.length - 1 });
  return out;
}

/** Every listed action is accepted, on a copy of the state. */
function checkListed(state: GameState, player: PlayerID, actions: Action[]): void {
  for (const action of actions) {
    const refused = applyAction(clone(state), player, clone(action));
    if (refused)
      expect.fail(`${JSON.stringify(action)} was listed for ${player} but refused: ${why(refused)}`);
  }
}

/** Each action not listed is refused, with a reason, and the state stays byte-identical. */
function checkRefused(state: GameState, player: PlayerID, candidates: unknown[], keys: Set<string>): number {
  let refusedCount = 0;
  const before = JSON.stringify(state);
  for (const candidate of candidates) {
    const isListed =
      typeof candidate === 'object' &&
      candidate !== null &&
      !('at' in candidate) &&
      keys.has(listingKey(state, player, candidate as Action));
    if (isListed) {
      // A near miss that is the same as a listed action (the same cells, the same set): accepted too.
      const refused = applyAction(clone(state), player, clone(candidate as Action));
      if (refused)
        expect.fail(`${JSON.stringify(candidate)} equals a listed action but was refused: ${why(refused)}`);
      continue;
    }
    const refused = applyAction(state, player, candidate as Action);
    if (refused === null)
      expect.fail(`${JSON.stringify(candidate)} is not listed for ${player} but was accepted`);
    expect(refused.code).toMatch(/^reason\./);
    if (JSON.stringify(state) !== before)
      expect.fail(`refusing ${JSON.stringify(candidate)} changed the state (${why(refused)})`);
    refusedCount++;
  }
  return refusedCount;
}

describe('property: one listing decides every action (§3, R1–R4, R33)', () => {
  it('accepts every listed action and refuses near misses with the state unchanged', () => {
    let positions = 0;
    let refusals = 0;
    let boardChoices = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 300 }),
        fc.constantFrom('symmetric', 'dealt', 'free'),
        (seed, players, objectives, depth, boards) => {
          // Shallow positions sometimes stop in the board choice (R33) of dealt and free games.
          const state = randomPosition(
            seed,
            players,
            objectives,
            boards === 'symmetric' ? depth : depth % 40,
            boards,
          );
          const rng = createRng(seed + 1);
          const others: Action[] = [];
          for (const player of state.playerIDs) {
            if (!stageOf(state, player)) continue;
            const actions = listed(state, player);
            if (actions.some((a) => a.type === 'chooseBoard')) boardChoices++;
            checkListed(state, player, actions);
            const keys = new Set(actions.map((a) => listingKey(state, player, a)));
            refusals += checkRefused(state, player, nearMisses(state, player, actions, rng), keys);
            others.push(...actions.slice(0, 5));
          }
          // A player whose stage it is not may do nothing, not even what another may (R1–R3).
          for (const player of state.playerIDs) {
            if (stageOf(state, player)) continue;
            expect(listed(state, player)).toEqual([]);
            refusals += checkRefused(
              state,
              player,
              [...others, { type: 'undo' }, { type: 'confirm' }],
              new Set(),
            );
          }
          positions++;
        },
      ),
      { numRuns: 300 },
    );
    expect(positions).toBe(300);
    expect(refusals).toBeGreaterThan(2500);
    expect(boardChoices).toBeGreaterThan(5);
  });
});
