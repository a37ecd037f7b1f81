/**
 * What the event tests share: a scenario with the event deck, a card revealed through the real
 * round start (§3.2–3.4), and short ways to read the pending gains and their choices.
 */
import { expect } from 'vitest';
import type { Action, Choice, PendingItem, PlayerID, Track } from '../../game/core/types';
import { createRng } from '../../game/core/prng';
import { TILES, corporationById, planetById } from '../../game/data';
import { eventById, roundRulesOf } from '../../game/content/events';
import { cellIndex, cellX, cellY, planetGeometry } from '../../game/rules/board';
import { legalTilePlacements, placementContext, placementRefusal } from '../../game/rules/legality';
import { techEffects } from '../../game/rules/tracker-moves';
import { keepObjectives, type SetupRandom } from '../../game/rules/setup';
import { revealStation } from '../../game/rules/depot';
import { rotateStation, startRound } from '../../game/rules/round';
import { Game, scenario, tileId, type Scenario } from '../support/scenario';
import type { Refusal } from '../support/why';
import type { Reason } from '../../game/core/messages';

// ---------------------------------------------------------------- helpers

export const UC = corporationById('universal-coalition');
export const KSB = planetGeometry(planetById('ksb-4156'));
export const SOLO_ONLY = [65, 66, 67, 79, 110, 116];
/** The card left beneath the one tested, so that its round is not the last (§6.1 C): a rover ban only. */
export const NEXT = 97;

export const at = (x: number, y: number): number => cellIndex(x, y);
export const xy = (c: number): Choice => ({ x: cellX(c), y: cellY(c) });
export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
export const nameOf = (id: number): string => eventById(id).name;

/** A game with the event deck on (§7.3); solo private objectives only when a card needs them. */
export const withEvents = (players = 1, privateObjectives = false): Scenario =>
  scenario({
    players,
    options: { events: { green: 7, orange: 7, red: 6, preset: 'standard' }, privateObjectives },
  });

/**
 * Round 1 again, through the engine's own steps: `id` on top of the event deck with `beneath` under
 * it, the station turning (by itself, or by the commander) onto the depot the scenario arranged,
 * then the reveal (§3.3, §3.4). Private objectives still to keep are kept first (§7.4).
 */
export function reveal(s: Scenario, id: number, beneath: number[] = [NEXT]): Game {
  const st = s.state;
  const rotation = st.station.rotation;
  st.hidden.eventDeck = [...beneath, id];
  st.eventsLeft = st.hidden.eventDeck.length;
  st.event = null;
  st.endTriggers = [];
  revealStation(st);
  if (st.options.autoRotate) st.station.rotation = (rotation + 5) % 6; // it turns one step onto the depot
  if (st.step === 'objectives') {
    for (const p of st.playerIDs) {
      const offer = st.private[p]?.objectiveOffer;
      if (offer) expect(keepObjectives(st, p, offer.cards.slice(0, offer.keep))).toBeNull();
    }
  } else {
    st.round = 0;
    startRound(st);
  }
  if (!st.options.autoRotate) expect(rotateStation(st, st.commander, rotation)).toBeNull();
  expect(st.round).toBe(1);
  expect(st.event).toEqual({ id, round: 1 });
  expect(st.eventsLeft).toBe(beneath.length);
  return new Game(st);
}

export const kinds = (g: Game, p: PlayerID = '0'): PendingItem['kind'][] => g.pending(p).map((i) => i.kind);

/** The choices the engine lists for the first pending item of a kind. */
export function offered(g: Game, kind: PendingItem['kind'], p: PlayerID = '0'): Choice[] {
  const item = g.item(p, kind);
  return g.legal(p).flatMap((a) => (a.type === 'resolve' && a.item === item.id ? [a.choice ?? {}] : []));
}

export const tracksOffered = (g: Game, kind: PendingItem['kind']): (Track | undefined)[] =>
  offered(g, kind).map((c) => c.track);

/** Resolving the first pending item of this kind with this choice. */
const resolveAction = (g: Game, kind: PendingItem['kind'], choice: Choice, p: PlayerID): Action => ({
  type: 'resolve',
  item: g.item(p, kind).id,
  choice,
});

/** Which refusal resolving the pending item of this kind with this choice meets. */
export const resolveRefusal = (
  g: Game,
  kind: PendingItem['kind'],
  choice: Choice,
  p: PlayerID = '0',
): Refusal => g.refusal(p, resolveAction(g, kind, choice, p));

/** As `resolveRefusal`, with the refusal's values too. */
export const resolveRefusalMessage = (
  g: Game,
  kind: PendingItem['kind'],
  choice: Choice,
  p: PlayerID = '0',
): Reason => g.refusalMessage(p, resolveAction(g, kind, choice, p));

export const roverSteps = (g: Game, rover: number): [number, number][] =>
  g.legal('0').flatMap((a) => (a.type === 'moveRover' && a.rover === rover ? a.path : []));

export const tilePlacements = (g: Game) => g.legal('0').filter((a) => a.type === 'placeTile');

/** Universal Coalition's tech effects (corporations.json), by name. */
export const TECH = {
  ignoreAdjacency: 'ignoreAdjacency',
  storeBiomass: 'storeBiomass',
  roverMovePlusOne: 'roverMovePlusOne',
  doubleWaterFromPlacement: 'doubleWaterFromPlacement',
  meteorImmune: 'meteorImmune',
} as const;

export const tech = (g: Game, effect: string): boolean => techEffects(g.draft('0').board).has(effect);

/** Cover every planet square with patches except the listed ones (a planet that is nearly full). */
export function fillPlanetExcept(s: Scenario, keep: [number, number][]): Scenario {
  const kept = new Set(keep.map(([x, y]) => at(x, y)));
  return s.patch(
    '0',
    ...KSB.squares.filter((c) => !kept.has(c)).map((c): [number, number] => [cellX(c), cellY(c)]),
  );
}

/** Put a tile of the given terrains on top of the small stack the player will face next round. */
export function nextRoundTop(g: Game, terrains: string): number {
  const st = g.state;
  const position = st.positions[st.playerIDs.indexOf('0')] ?? 0;
  const depot = (((position - (st.station.rotation + 1)) % 6) + 6) % 6;
  const shape = st.station.depots[depot]?.small.shape as number;
  const tile = TILES.find((t) => t.shape === shape && t.key.endsWith(`-${terrains}`));
  if (!tile) throw new Error(`No ${terrains} tile of shape ${shape}`);
  const stack = st.hidden.stacks[shape] as number[];
  stack.splice(stack.indexOf(tile.id), 1);
  stack.push(tile.id);
  return tile.id;
}

/** A shuffler drawn from a seed, for decks built as a real setup would build them. */
export function seeded(seed: number): SetupRandom {
  const rng = createRng(seed);
  return {
    Shuffle: <T>(items: T[]): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    Number: () => rng.next(),
  };
}

/**
 * A tile restriction (§4.8): the round tile (tech/biomass domino) placed next to an earlier one at
 * (1,3)–(1,4), refused where only the rule forbids it; the biomass patch it brings is never restricted;
 * and on a planet full but for two squares where only a placement against the rule exists, the rule
 * is lifted for the turn (R10).
 */
export interface RestrictionCase {
  id: number;
  rule: string;
  blocked: { orientation: number; x: number; y: number };
  refusal: Refusal;
  patch: [number, number];
  hole: [[number, number], [number, number]];
}
export function checkRestriction(c: RestrictionCase): void {
  const domino = tileId('i-tech-biomass');
  const s = withEvents()
    .tile('0', 'i-tech-biomass', { orientation: 0, x: 1, y: 3 })
    .tracker('0', 'biomass', 2)
    .depot('0', { small: 'i-tech-biomass' });
  const g = reveal(s, c.id);
  expect(g.draft('0').rules).toEqual([{ rule: c.rule }]);
  g.take('0');
  expect(g.draft('0').restrictionWaived).toBe(false);
  const ctx = placementContext(g.draft('0').board);
  expect(placementRefusal(ctx, domino, c.blocked)).toBeNull(); // legal but for the event
  expect(g.refusal('0', { type: 'placeTile', ...c.blocked })).toEqual(c.refusal);
  expect(tilePlacements(g)).not.toContainEqual({ type: 'placeTile', ...c.blocked });
  expect(tilePlacements(g).length).toBeLessThan(legalTilePlacements(ctx, domino).length);
  // Biomass (2,3), tech (2,4): clear of the rule. Biomass 2 → 3 gives a patch, which the rule does not bind.
  g.place('0', 2, 2, 3).resolveAdvances('0');
  const [px, py] = c.patch;
  expect(offered(g, 'patch')).toContainEqual({ x: px, y: py });
  g.resolve('0', 'patch', { x: px, y: py }).confirm('0');
  expect(g.board('0').terrain[at(px, py)]).toBe('biomass');

  // R10: with the rule neither depot tile fits, without it the domino does: lifted for this turn.
  const [[hx, hy]] = c.hole;
  const w = reveal(fillPlanetExcept(withEvents().depot('0', { small: 'i-tech-biomass' }), c.hole), c.id);
  const full = placementContext(w.draft('0').board);
  expect(legalTilePlacements(full, domino, roundRulesOf(c.id))).toEqual([]);
  expect(legalTilePlacements(full, domino)).not.toEqual([]);
  expect(w.refusalMessage('0', { type: 'takeTile', stack: 'large' })).toEqual({
    code: 'reason.mustTakePlaceable',
    rule: '§4.9',
    values: { stack: 'large' },
  });
  w.take('0');
  expect(w.draft('0').restrictionWaived).toBe(true);
  expect(tilePlacements(w)).toEqual([
    { type: 'placeTile', orientation: 0, x: hx, y: hy },
    { type: 'placeTile', orientation: 2, x: hx, y: hy },
  ]);
  w.place('0', 0, hx, hy).resolveAdvances('0');
  expect(w.draft('0').unplaceable).toBe(false);
}
