/**
 * Republic (§8.2): seven civ milestones, each forcing a one-square regression of water, biomass,
 * rover or tech (§5.4), and its five techs: movement on selecting a civ tile, a card of the next
 * rank, jumps between civ icons (R26), a boost per civ milestone and two cards kept at the end (§6.2).
 */
import { describe, expect, it } from 'vitest';
import { playThirtyGames } from '../support/random-games';
import type { Action, GameState } from '../../game/core/types';
import { civCardById, corporationById } from '../../game/data';
import { corporationRules } from '../../game/content/corporations';
import { cellIndex } from '../../game/rules/board';
import { roverReach } from '../../game/rules/rover-steps';
import { NOTHING_PRIVATE, playerView } from '../../game/view';
import { initialGameState } from '../../game/match';
import { scenario, type Game } from '../support/scenario';
import { autoStep, autoTurn, choicesOf, resolveRefusal, resolveRefusalMessage } from '../civ-cards/support';

const CORP = corporationById('republic');
const RULES = corporationRules('republic');

/** Player 0 plays Republic on the symmetric planet; the others Universal Coalition. */
const republic = (players = 1) => scenario({ players, setupData: { seats: [{ corporation: 'republic' }] } });

/** The biomass/civ domino, placed on the right edge: biomass (11, 5), civ icon (11, 6). */
const placeCivDomino = (g: Game): Game => g.take('0').place('0', 0, 11, 5);

const setMovement = (g: Game, movement: number): void => {
  const turn = g.state.private['0']!.turn!;
  turn.draft.movement = movement;
  turn.origin.movement = movement;
};

describe('Republic track rules (§8.2)', () => {
  it('has seven civ milestones ranked 1, 2, 2, 3, 3, 4, 4 and one civ medal, 5 at the top (§8.2, §5.7)', () => {
    const shape = CORP.extra.trackShape;
    if (shape?.kind !== 'republicCiv') throw new Error('The Republic track shape lists its civ milestones.');
    expect(shape.civMilestones.map((m) => m.rank)).toEqual([1, 2, 2, 3, 3, 4, 4]);
    for (const { level, rank } of shape.civMilestones)
      expect(CORP.tracks.civ.levels[level]?.rewards).toEqual([{ kind: 'civMilestone', rank }]);
    const board = republic().board('0');
    board.trackers.civ = { col: 'civ', row: 14 };
    expect(RULES.trackMedals(CORP, board)).toBe(0);
    board.trackers.civ = { col: 'civ', row: 15 };
    expect(RULES.trackMedals(CORP, board)).toBe(5);
    expect(board.rovers).toHaveLength(1);
  });

  it('a civ milestone forces one of water, biomass, rover or tech down one square, claiming nothing (§8.2, §5.4, R3)', () => {
    const g = republic()
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 3)
      .tracker('0', 'water', 4)
      .start();
    placeCivDomino(g).resolve('0', 'advance', undefined, 'civ');
    expect(g.level('0', 'civ')).toBe(4);
    expect(g.draft('0').civRanks).toEqual([2]); // the card waits for the round's end (R3)
    const regress = g.item('0', 'regress');
    expect(regress).toMatchObject({ tracks: ['water', 'biomass', 'rover', 'tech'], steps: 1 });
    // Only trackers able to move down are listed: biomass, rover and tech stand at 0.
    expect(choicesOf(g, regress)).toEqual([{ track: 'water' }]);
    expect(resolveRefusal(g, regress, { track: 'biomass' })).toEqual({
      code: 'reason.cannotMoveDown',
      rule: '§5.4',
    });
    expect(resolveRefusalMessage(g, regress, { track: 'civ' })).toEqual({
      code: 'reason.chooseToMoveDown',
      values: { options: ['water', 'biomass', 'rover', 'tech'] },
    });
    // It is mandatory: the turn cannot be confirmed with it listed (§3.7).
    g.resolve('0', 'advance', undefined, 'biomass');
    expect(choicesOf(g, regress)).toEqual([{ track: 'water' }, { track: 'biomass' }]);
    expect(g.refusal('0', { type: 'confirm' })).toEqual({ code: 'reason.resolvePendingFirst', rule: '§3.7' });
    const before = g.pending('0').length;
    g.act('0', { type: 'resolve', item: regress.id, choice: { track: 'water' } });
    expect(g.level('0', 'water')).toBe(3);
    expect(g.pending('0')).toHaveLength(before - 1); // water 3's synergy is not claimed going down
    g.confirm('0');
  });

  it('a regression no tracker can make does nothing (§5.4, §8.2)', () => {
    const g = republic()
      .tracker('0', 'civ', 1)
      .pending('0', { kind: 'advance', track: 'civ', steps: 1, source: 'card' })
      .start();
    g.resolve('0', 'advance', undefined, 'civ');
    const regress = g.item('0', 'regress');
    expect(choicesOf(g, regress)).toEqual([]);
    expect(resolveRefusal(g, regress, { track: 'water' })).toEqual({
      code: 'reason.cannotMoveDown',
      rule: '§5.4',
    });
  });

  it('no regression where event 109/123 stops milestone rewards: nothing was claimed (§8.2, §7.3)', () => {
    const g = republic().tracker('0', 'civ', 1).tracker('0', 'water', 3).start();
    g.draft('0').rules.push({ rule: 'noMilestoneBenefits' });
    const item = { kind: 'advance', track: 'civ', steps: 1, source: 'card' } as const;
    g.draft('0').pending.push({ ...item, id: 99 });
    g.act('0', { type: 'resolve', item: 99 });
    expect(g.draft('0').civRanks).toEqual([]);
    expect(g.pending('0').some((p) => p.kind === 'regress')).toBe(false);
  });
});

describe('Republic tech 1: movement on selecting a civ tile (§8.2, R2)', () => {
  const withTech1 = (rover: number, small = 'i-biomass-civ', tech = 3) =>
    republic()
      .depot('0', { small })
      .tracker('0', 'tech', tech)
      .tracker('0', 'rover', rover)
      .tile('0', 'I-rover-tech', { orientation: 0, x: 5, y: 5 })
      .rover('0', 0, [5, 6])
      .start();

  it('selecting a civ tile gives the rover square’s movement, usable before the tile is placed (§8.2, R2)', () => {
    const g = withTech1(4);
    expect(g.draft('0').movement).toBe(0);
    g.take('0');
    expect(g.draft('0').movement).toBe(2); // rover square 4 shows 2
    expect(g.draft('0').placed).toBe(false);
    const move = g.legal('0').find((a) => a.type === 'moveRover');
    expect(move).toBeDefined();
    g.act('0', move as Action);
    expect(g.draft('0').placed).toBe(false);
    expect(g.draft('0').movement).toBeLessThan(2);
  });

  it('the top square gives its 3; the rover milestone square shows no number and gives nothing (§8.2)', () => {
    const top = withTech1(15);
    top.take('0');
    expect(top.draft('0').movement).toBe(3);
    const milestone = withTech1(1);
    milestone.take('0');
    expect(milestone.draft('0').movement).toBe(0);
  });

  it('nothing for a tile without civ terrain, or before tech 1 is reached (§8.2)', () => {
    const noCiv = withTech1(4, 'i-water-rover');
    noCiv.take('0');
    expect(noCiv.draft('0').movement).toBe(0);
    const noTech = withTech1(4, 'i-biomass-civ', 2);
    noTech.take('0');
    expect(noTech.draft('0').movement).toBe(0);
  });
});

describe('Republic tech 2: a card of the next rank joins the offer (§8.2, §5.7, R3)', () => {
  /** Civ 1 → 2 (rank 1) with the domino; water 3 takes the forced regression; then the civ step. */
  function toCivStep(tech: number): Game {
    const g = republic()
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 1)
      .tracker('0', 'water', 3)
      .tracker('0', 'tech', tech)
      .civPile(1, 1, 6)
      .civPile(2, 8, 10, 11)
      .start();
    placeCivDomino(g).resolveAdvances('0').resolve('0', 'regress', { track: 'water' }).confirm('0');
    expect(g.state.step).toBe('civ');
    return g;
  }

  it('one card of the rank-2 pile is offered too; kept, it leaves its own pile (§8.2, §9)', () => {
    const g = toCivStep(5);
    const offer = g.state.private['0']!.civOffer!;
    expect(offer.rank).toBe(1);
    expect(offer.cards.slice(0, 2)).toEqual([1, 6]); // the whole rank-1 pile (§5.7)…
    expect(offer.cards).toHaveLength(3); // …and one card of the rank-2 pile, the others unseen
    const extra = offer.cards[2]!;
    expect([8, 10, 11]).toContain(extra);
    // Nobody else sees the offer or the piles (§9).
    const seen = playerView(g.state, null);
    expect(seen.private['0']).toEqual(NOTHING_PRIVATE);
    expect(seen.hidden.civPiles).toEqual({});
    const unseen = [8, 10, 11].find((c) => c !== extra)!;
    expect(g.refusalMessage('0', { type: 'pickCiv', card: unseen })).toEqual({
      code: 'reason.pickOfRank',
      rule: '§5.7',
      values: { rank: 1, cards: [1, 6, 8] },
    });
    g.act('0', { type: 'pickCiv', card: extra });
    expect(g.board('0').civCards).toContainEqual(expect.objectContaining({ id: extra, rank: 2 }));
    expect(g.state.hidden.civPiles[2]).toEqual([8, 10, 11].filter((c) => c !== extra));
    expect(g.state.hidden.civPiles[1]).toEqual([1, 6]);
  });

  /**
   * Civ 1 → 10 in one turn: milestones 2 (rank 1), 4 and 6 (rank 2), 8 and 10 (rank 3), each forcing
   * the water tracker down (§8.2). Five picks at the round's end, each showing one card of the next
   * rank's pile. The player keeps an End Game card of the milestone's own rank each time, so the next
   * rank's pile is whole at every draw. Returns the cards shown, with the top of their pile.
   */
  function fivePicks(): { rank: number; card: number; top: number }[] {
    const piles: Record<number, number[]> = {
      1: [1, 6],
      2: [8, 9, 10, 11],
      3: [15, 16, 17, 18, 20],
      4: [22, 23, 24, 25, 26, 27, 28],
    };
    const s = republic()
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 1)
      .tracker('0', 'water', 10)
      .tracker('0', 'tech', 5) // tech 2
      .pending('0', { kind: 'advance', track: 'civ', steps: 8, source: 'card' });
    for (const [rank, ids] of Object.entries(piles)) s.civPile(Number(rank), ...ids);
    const g = s.start();
    const regressWater = () => {
      while (g.pending('0').some((p) => p.kind === 'regress')) g.resolve('0', 'regress', { track: 'water' });
    };
    g.resolveAdvances('0'); // civ 1 → 9
    regressWater();
    placeCivDomino(g).resolveAdvances('0'); // civ 9 → 10
    regressWater();
    expect(g.draft('0').civRanks).toEqual([1, 2, 2, 3, 3]);
    g.confirm('0');

    const shown: { rank: number; card: number; top: number }[] = [];
    for (const card of [6, 8, 9, 15, 20]) {
      const offer = g.state.private['0']!.civOffer!;
      const next = g.state.hidden.civPiles[offer.rank + 1]!;
      // The offer: the whole pile of its rank, and exactly one card of the next rank's pile.
      expect(offer.cards.slice(0, -1)).toEqual(g.state.hidden.civPiles[offer.rank]);
      const extra = offer.cards.at(-1)!;
      expect(next).toContain(extra);
      expect(next).toEqual(piles[offer.rank + 1]); // showing a card takes nothing from the pile
      shown.push({ rank: offer.rank + 1, card: extra, top: next.at(-1)! });
      // The rest of that pile stays hidden, from everyone (§9).
      expect(playerView(g.state, '0').hidden.civPiles).toEqual({});
      g.act('0', { type: 'pickCiv', card });
    }
    expect(g.state.step).toBe('turns'); // every pick made: the next round
    return shown;
  }

  it('the card is drawn at random from the pile, anew at each pick: not always its top (§8.2, §9)', () => {
    const shown = fivePicks();
    expect(shown.map((x) => x.rank)).toEqual([2, 3, 3, 4, 4]);
    // With this game's seed: never the top card, and two picks of one pile show two different cards.
    expect(shown.map((x) => x.card)).toEqual([9, 15, 16, 23, 25]);
    expect(shown.some((x) => x.card === x.top)).toBe(false);
    // A match is its seed plus its moves: the same game draws the same cards again.
    expect(fivePicks()).toEqual(shown);
  });

  it("over many games' seeds, every card of the pile gets shown; a seed always shows the same (§8.2)", () => {
    const shownWith = (drawState: number): number => {
      const g = republic()
        .depot('0', { small: 'i-biomass-civ' })
        .tracker('0', 'civ', 1)
        .tracker('0', 'water', 3)
        .tracker('0', 'tech', 5)
        .civPile(1, 1, 6)
        .civPile(2, 8, 10, 11);
      g.state.hidden.drawState = drawState; // the generator's state, seeded at setup (§2)
      const h = placeCivDomino(g.start()).resolveAdvances('0').resolve('0', 'regress', { track: 'water' });
      h.confirm('0');
      return h.state.private['0']!.civOffer!.cards.at(-1)!;
    };
    const seeds = Array.from({ length: 40 }, (_, k) => k * 0x9e3779b1);
    expect(new Set(seeds.map(shownWith))).toEqual(new Set([8, 10, 11]));
    expect(seeds.map(shownWith)).toEqual(seeds.map(shownWith));
  });

  it("the draws' seed comes from the match's seed, and is hidden like the piles (§9)", () => {
    const seats = { seats: [{ corporation: 'republic' }] };
    const a = initialGameState(1, 'republic-draws', seats).hidden.drawState;
    expect(initialGameState(1, 'republic-draws', seats).hidden.drawState).toBe(a);
    expect(initialGameState(1, 'republic-draws-2', seats).hidden.drawState).not.toBe(a);
    const state = initialGameState(1, 'republic-draws', seats);
    expect(playerView(state, '0').hidden.drawState).toBe(0);
    expect(playerView(state, null).hidden.drawState).toBe(0);
  });

  it('no extra card before tech 2; none above rank 4 (§8.2)', () => {
    const g = toCivStep(3);
    expect(g.state.private['0']?.civOffer).toEqual({ rank: 1, cards: [1, 6] });
    const board = g.board('0');
    board.trackers.tech = { col: 'tech', row: 5 };
    expect(RULES.civOfferExtraRank(CORP, board, 3)).toBe(4);
    expect(RULES.civOfferExtraRank(CORP, board, 4)).toBeNull();
  });
});

describe('Republic tech 3: a jump between civ icons for one movement (§8.2, R26)', () => {
  // Civ icons at (2, 2) and (8, 8); (5, 3) is a civ icon, (5, 4) civ terrain without an icon.
  const board = (tech: number) =>
    republic()
      .tile('0', 'i-civ-energy', { orientation: 0, x: 2, y: 2 })
      .tile('0', 'i-civ-energy', { orientation: 0, x: 8, y: 8 })
      .tile('0', 'I-civ-energy', { orientation: 0, x: 5, y: 2 })
      .tracker('0', 'tech', tech)
      .lifepods('0', [8, 8]);

  it('from a civ icon, any other civ icon is one movement away, and the rover collects where it lands (§8.2, R26, §5.10.4)', () => {
    const g = board(7).rover('0', 0, [2, 2]).start();
    setMovement(g, 1);
    const reach = roverReach(g.draft('0').board, 0, 1);
    expect(reach.has(cellIndex(8, 8))).toBe(true);
    expect(reach.has(cellIndex(5, 3))).toBe(true);
    expect(reach.has(cellIndex(5, 4))).toBe(false); // civ terrain, no icon (R26)
    g.act('0', { type: 'moveRover', rover: 0, path: [[8, 8]] });
    expect(g.draft('0').board.rovers[0]?.cell).toBe(cellIndex(8, 8));
    expect(g.draft('0').movement).toBe(0);
    expect(g.draft('0').board.collected.lifepods).toBe(1);
  });

  it('not from civ terrain without an icon, and not before tech 3 (§8.2, R26)', () => {
    const fromTerrain = board(7).rover('0', 0, [5, 4]).start();
    setMovement(fromTerrain, 1);
    expect(fromTerrain.refusal('0', { type: 'moveRover', rover: 0, path: [[8, 8]] })).toEqual({
      code: 'reason.notReachable',
      rule: '§5.10.3',
    });
    const noTech = board(5).rover('0', 0, [2, 2]).start();
    setMovement(noTech, 1);
    expect(noTech.refusal('0', { type: 'moveRover', rover: 0, path: [[8, 8]] })).toEqual({
      code: 'reason.notReachable',
      rule: '§5.10.3',
    });
  });

  it('an event keeping rovers off civ terrain keeps the jump off it too (§8.2, R26, §7.3)', () => {
    const g = board(7).rover('0', 0, [2, 2]).start();
    setMovement(g, 1);
    g.draft('0').rules.push({ rule: 'roverCannotEnterTerrain', terrain: 'civ' });
    expect(g.refusalMessage('0', { type: 'moveRover', rover: 0, path: [[8, 8]] })).toEqual({
      code: 'reason.eventNoRoversAt',
      values: { terrain: 'civ', x: 8, y: 8 },
    });
  });
});

describe('Republic tech 4: a synergy boost per civ milestone (§8.2, §5.7)', () => {
  const claimMilestone = (tech: number) => {
    const g = republic()
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('0', 'civ', 1)
      .tracker('0', 'tech', tech)
      .start();
    placeCivDomino(g).resolve('0', 'advance', undefined, 'civ');
    return g.pending('0').map((p) => p.kind);
  };

  it('with tech 4 the milestone also gives a boost, at once (§8.2, §5.7)', () => {
    expect(claimMilestone(10)).toEqual(['advance', 'regress', 'synergy']);
  });

  it('without it, only the regression (§8.2)', () => {
    expect(claimMilestone(7)).toEqual(['advance', 'regress']);
  });
});

describe('Republic tech 5: two cards from the piles in the end-game phase (§8.2, §6.2)', () => {
  /** Two players; player 0 (Republic, tech tracker `tech`) ends the game; the piles as given. */
  function toEndGame(tech: number, piles: Record<number, number[]>, bothRepublic = false): Game {
    const s = bothRepublic
      ? scenario({
          players: 2,
          setupData: { seats: [{ corporation: 'republic' }, { corporation: 'republic' }] },
        })
      : republic(2);
    s.depot('0', { small: 'i-water-rover' }).tracker('0', 'tech', tech);
    if (bothRepublic) s.tracker('1', 'tech', tech);
    for (const rank of [1, 2, 3, 4]) s.civPile(rank, ...(piles[rank] ?? []));
    const g = s.start();
    autoTurn(g, '1');
    g.state.endTriggers.push('stuck'); // as if the game ended after this round
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0');
    for (;;) {
      const next = g.legal('0').find((a) => a.type === 'resolve');
      if (!next) break;
      g.act('0', next);
    }
    g.confirm('0'); // the end-game phase, over at once when nobody has anything to do (§6.2)
    return g;
  }

  it('offers every card left in the piles, to its owner only; an End Game card acts and scores, an Immediate card acts at once (§8.2, §6.2, §9)', () => {
    const g = toEndGame(14, { 1: [3], 2: [8], 4: [23] });
    expect(g.state.step).toBe('endgame');
    const item = g.item('0', 'corporation');
    expect(item).toMatchObject({ gain: 'keepCivCards', count: 2, optional: false });
    expect(choicesOf(g, item)).toEqual([{ card: 3 }, { card: 8 }, { card: 23 }]);
    // Hidden (§9): another player's view holds neither the offer nor the piles.
    for (const viewer of ['1', null]) {
      const seen = playerView(g.state, viewer) as GameState;
      expect(seen.private['0']).toEqual(NOTHING_PRIVATE);
      expect(seen.hidden.civPiles).toEqual({});
      expect(JSON.stringify(seen)).not.toContain('keepCivCards');
      for (const p of ['0', '1']) expect(seen.boards[p]?.civCards).toEqual([]);
    }
    expect(resolveRefusal(g, item, { card: 9 })).toEqual({ code: 'reason.notAChoice' });
    expect(resolveRefusal(g, item, {})).toEqual({ code: 'reason.notAChoice' });
    // Gaming Commission: its end-of-game advance is resolved now (§6.2 step 3).
    g.act('0', { type: 'resolve', item: item.id, choice: { card: 23 } });
    expect(g.item('0', 'corporation')).toMatchObject({ count: 1, cards: [3, 8] });
    expect(g.pending('0').some((p) => p.kind === 'cardAdvance')).toBe(true);
    // Dept of Natural Resources (Immediate): its patch comes at once (§5.7).
    g.act('0', { type: 'resolve', item: item.id, choice: { card: 3 } });
    expect(g.pending('0').some((p) => p.kind === 'corporation')).toBe(false);
    expect(g.pending('0').some((p) => p.kind === 'patch')).toBe(true);
    expect(g.draft('0').board.civCards.map((c) => c.id)).toEqual([23, 3]);
    // The piles change only when the turn is confirmed.
    expect(g.state.hidden.civPiles[4]).toEqual([23]);
    autoStep(g, '0');
    expect(g.state.hidden.civPiles).toMatchObject({ 1: [], 2: [8], 4: [] });
    expect(g.state.civPileSizes).toMatchObject({ 1: 0, 2: 1, 4: 0 });
    expect(g.state.step).toBe('over');
    const medals = civCardById(23).structured.find((e) => e.op === 'medals');
    const score = g.state.result?.scores.find((s) => s.player === '0');
    expect(score?.breakdown.civ).toBe(medals?.op === 'medals' ? medals.amount : -1);
  });

  it('players go in order: the next Republic chooses among the cards the first one left (§8.2, §6.2)', () => {
    const g = toEndGame(14, { 1: [3], 2: [8], 4: [23] }, true);
    const first = g.item('0', 'corporation');
    g.act('0', { type: 'resolve', item: first.id, choice: { card: 23 } });
    g.act('0', { type: 'resolve', item: first.id, choice: { card: 3 } });
    expect(g.state.private['1']?.turn).toBeNull(); // waiting for player 0 to confirm
    autoStep(g, '0');
    expect(g.state.hidden.civPiles).toMatchObject({ 1: [], 2: [8], 4: [] });
    expect(g.item('1', 'corporation')).toMatchObject({ gain: 'keepCivCards', count: 1, cards: [8] });
  });

  it('one card left: that one; none left or no tech 5: nothing to choose (§8.2, §6.2)', () => {
    const one = toEndGame(14, { 2: [8] });
    expect(one.item('0', 'corporation')).toMatchObject({ count: 1, cards: [8] });
    const none = toEndGame(14, {});
    expect(none.state.step).toBe('over');
    const noTech = toEndGame(13, { 2: [8] });
    expect(noTech.state.step).toBe('over');
    expect(noTech.board('0').civCards).toEqual([]);
  });
});

describe('Republic random games (§8.2)', () => {
  it('30 games for 1–6 players end without error, scores equal to their breakdowns (§8.2)', () => {
    playThirtyGames({ corporation: 'republic' }, 'republic');
  });
});
