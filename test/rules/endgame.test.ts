import { describe, expect, it } from 'vitest';
import type { PlayerBoard, Track } from '../../game/core/types';
import { scoreGame } from '../../game/rules/scoring';
import { facingDepot } from '../../game/rules/depot';
import { playerView } from '../../game/view';
import { paint, type Cell } from '../support/paint';
import { scenario, tileId } from '../support/scenario';

describe('§6.1 end triggers', () => {
  it('B: a depot emptied ends the game after that round', () => {
    const s = scenario({ players: 1 }).depot('0', { small: 'i-water-rover' }).emptyStack('0', 'large');
    const shape = s.state.station.depots[facingDepot(s.state, '0')]?.small.shape as number;
    s.state.hidden.stacks[shape] = [tileId('i-water-rover')]; // the last tile of the depot
    const g = s.start();
    g.take('0').place('0', 0, 0, 5).resolveAdvances('0').resolve('0', 'rover', { x: 0, y: 5 }).confirm('0');
    expect(g.state.endTriggers).toEqual(['depotEmpty']);
    expect(g.state.step).toBe('over');
    expect(g.state.result?.endReasons).toEqual(['depotEmpty']);
  });

  it('the round that fires a trigger is finished by every player, civ step included', () => {
    const s = scenario({ players: 2 })
      .depot('0', { small: 'i-biomass-civ' })
      .tracker('1', 'civ', 2)
      .civPile(1, 1, 6, 7);
    const shapeOf = (p: string) => s.state.station.depots[facingDepot(s.state, p)]?.small.shape as number;
    s.state.hidden.stacks[shapeOf('0')] = [tileId('i-biomass-civ')];
    s.emptyStack('0', 'large');
    const g = s.start();
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.state.step).toBe('turns'); // player 1 still plays this round
    const take = g.legal('1').find((a) => a.type === 'takeTile' && a.stack === 'small') ?? g.legal('1')[0];
    g.act('1', take as never);
    expect(g.state.private['1']?.turn?.draft.taken).not.toBeNull();
  });
});

describe('§6.2 end-game phase', () => {
  it('stored patches are placed before scoring, and may no longer be stored', () => {
    const s = scenario({ players: 1 })
      .tile('0', 'I-civ-energy', { orientation: 0, x: 11, y: 4 })
      .tracker('0', 'tech', 5);
    s.board('0').storedPatches = 2;
    s.civCards('0', 22); // Sustainable Living Act: 1 per patch on the planet
    const g = s.start();
    g.state.endTriggers.push('stuck'); // as if the game were ending after this round
    const take = g.legal('0').find((a) => a.type === 'takeTile');
    g.act('0', take as never);
    const place = g.legal('0').find((a) => a.type === 'placeTile');
    g.act('0', place as never);
    for (;;) {
      const next = g.legal('0').find((a) => a.type === 'resolve' && !a.choice?.store);
      if (!next) break;
      g.act('0', next);
    }
    g.confirm('0');
    expect(g.state.step).toBe('endgame');
    const patches = g.pending('0').filter((p) => p.kind === 'patch');
    expect(patches).toHaveLength(2);
    expect(g.legal('0').some((a) => a.type === 'resolve' && a.choice?.store)).toBe(false);
    for (const patch of patches) {
      const where = g.legal('0').find((a) => a.type === 'resolve' && a.item === patch.id);
      g.act('0', where as never);
    }
    g.confirm('0');
    expect(g.state.step).toBe('over');
    expect(g.board('0').pieces.filter((p) => p.kind === 'patch')).toHaveLength(2);
    expect(g.state.result?.scores[0]?.breakdown.civ).toBe(2);
  });

  it('step 1 before step 3: stored patches are placed and confirmed before any End Game card acts (§6.2, §5.9)', () => {
    const s = scenario({ players: 1 })
      .tile('0', 'I-civ-energy', { orientation: 0, x: 11, y: 4 })
      .tracker('0', 'tech', 5) // tech 2: patches may be stored (§5.9)
      .tracker('0', 'water', 12)
      .civCards('0', 23) // Gaming Commission: an End Game advance
      .pending('0', { kind: 'patch' }); // a patch gained in the final round
    const g = s.start();
    g.state.endTriggers.push('stuck'); // as if the game were ending after this round
    g.resolve('0', 'patch', { store: true });
    expect(g.draft('0').board.storedPatches).toBe(1);
    g.act('0', g.legal('0').find((a) => a.type === 'takeTile') as never);
    g.act('0', g.legal('0').find((a) => a.type === 'placeTile') as never);
    for (;;) {
      const next = g.legal('0').find((a) => a.type === 'resolve' && !a.choice?.store);
      if (!next) break;
      g.act('0', next);
    }
    g.confirm('0');

    // Step 1: the stored patch alone; the card's advance is not on the list yet.
    expect(g.state.step).toBe('endgame');
    expect(g.pending('0').map((p) => p.kind)).toEqual(['patch']);
    expect(g.legal('0').every((a) => a.type !== 'resolve' || a.item === g.item('0', 'patch').id)).toBe(true);
    expect(g.refusal('0', { type: 'confirm' })).toEqual({ code: 'reason.resolvePendingFirst', rule: '§3.7' });
    const where = g.legal('0').find((a) => a.type === 'resolve') as never;
    g.act('0', where).confirm('0');
    expect(g.board('0').pieces.filter((p) => p.kind === 'patch')).toHaveLength(1);
    expect(g.board('0').storedPatches).toBe(0);

    // Step 3: only now does Gaming Commission's advance become resolvable.
    expect(g.state.step).toBe('endgame');
    expect(g.pending('0').map((p) => p.kind)).toEqual(['cardAdvance']);
    g.resolve('0', 'cardAdvance', { track: 'water' }).confirm('0');
    expect(g.board('0').trackers.water.row).toBe(13);
    expect(g.state.step).toBe('over');
  });

  it("End Game cards act now: Gaming Commission's advance claims its square before scoring", () => {
    const s = scenario({ players: 1 })
      .tile('0', 'I-civ-energy', { orientation: 0, x: 11, y: 4 })
      .tracker('0', 'water', 12);
    s.civCards('0', 23);
    const g = s.start();
    g.state.endTriggers.push('stuck');
    g.act('0', g.legal('0').find((a) => a.type === 'takeTile') as never);
    g.act('0', g.legal('0').find((a) => a.type === 'placeTile') as never);
    while (g.legal('0').some((a) => a.type === 'resolve'))
      g.act('0', g.legal('0').find((a) => a.type === 'resolve') as never);
    g.confirm('0');
    expect(g.state.step).toBe('endgame');
    g.resolve('0', 'cardAdvance', { track: 'water' }).confirm('0');
    expect(g.board('0').trackers.water.row).toBe(13);
    expect(g.state.result?.scores[0]?.breakdown.civ).toBe(2);
    expect(g.state.result?.scores[0]?.breakdown.tracks).toBeGreaterThanOrEqual(7);
  });

  it("others see an End Game card's rank but not which card it is, until the game ends (§9)", () => {
    const s = scenario({ players: 2 }).civCards('0', 23);
    expect(playerView(s.state, '1').boards['0']?.civCards).toEqual([
      { id: null, rank: 4, timing: 'endGame' },
    ]);
    expect(playerView(s.state, '0').boards['0']?.civCards).toEqual([{ id: 23, rank: 4, timing: 'endGame' }]);
    expect(playerView(s.state, null).boards['0']?.civCards[0]?.id).toBeNull();
  });
});

describe('§6.4 the worked example of the rulebook', () => {
  /** Biomass with its icon on three edge squares (Project: Ringworld counts 3). */
  const threeBiomassIconsOnEdge = (board: PlayerBoard) => {
    const cells: Cell[] = [
      [0, 5],
      [0, 6],
      [11, 5],
    ];
    paint(board, cells, 'biomass', { icons: cells });
  };

  /** The example's player: A 15, B 15, C 5, a civ card, F 7 against two neighbours. */
  function examplePlanet(board: PlayerBoard) {
    const row = (y: number, xs: number[]): Cell[] => xs.map((x) => [x, y]);
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => a + k);
    // 21 squares of rover terrain in one area: rows 5 and 6 from x=1 to 10, and (5,4).
    paint(board, [...row(5, range(1, 10)), ...row(6, range(1, 10)), [5, 4]], 'rover');
    // Three biomass icons on edge squares.
    threeBiomassIconsOnEdge(board);
    // Civ terrain completes rows 4 and 7 and column 5.
    const civ: Cell[] = [
      [11, 6],
      ...row(
        4,
        range(1, 10).filter((x) => x !== 5),
      ),
      ...row(7, range(1, 10)),
    ];
    for (const y of [0, 1, 2, 3, 8, 9, 10, 11]) civ.push([5, y]);
    paint(board, civ, 'civ');
    const levels: Record<Track, number> = { civ: 2, water: 13, biomass: 5, rover: 15, tech: 6 };
    for (const [t, row] of Object.entries(levels)) board.trackers[t as Track] = { col: t as Track, row };
    board.lifepods = [];
    board.collected = { lifepods: 4, meteorites: 3 };
  }

  for (const [edition, card, total] of [
    ['2020 edition (civ card worth 1)', 6, 43],
    ['2023 edition (civ card worth 2)', 7, 44],
  ] as const) {
    it(`${edition}: A 15, B 15, C 5, D, F 7 → ${total}`, () => {
      const s = scenario({ players: 3 });
      examplePlanet(s.board('0'));
      s.civCards('0', card);
      paint(
        s.board('1'),
        [
          [5, 5],
          [6, 5],
        ],
        'rover',
      ); // the left neighbour's smaller rover area
      threeBiomassIconsOnEdge(s.board('2'));
      s.state.objectives = [
        { card: 43, players: ['0', '1'] }, // Project: Transit
        { card: 52, players: ['1', '2'] },
        { card: 40, players: ['2', '0'] }, // Project: Ringworld
      ];
      const score = scoreGame(s.state).scores.find((x) => x.player === '0');
      expect(score?.breakdown).toEqual({
        planet: 15,
        tracks: 15,
        lifepods: 4,
        meteorites: 1,
        civ: total - 42,
        objectives: 7,
      });
      expect(score?.total).toBe(total);
    });
  }
});
