import { describe, it, expect } from 'vitest';
import { corporationById, planetById } from '../game/data';
import type { NeighborObjective, PlayerBoard, Track } from '../game/core/types';
import { TRACKS } from '../game/core/types';
import { cellIndex, cellX, cellY, createBoard, planetGeometry } from '../game/rules/board';
import {
  civCardMedals,
  lifepodMedals,
  meteoriteMedals,
  planetLines,
  planetMedals,
  scoreGame,
  trackMedal,
  trackMedals,
  type ScoringInput,
} from '../game/rules/scoring';
import { block, paint, type Cell } from './support/paint';

const KSB = planetById('ksb-4156');
const COALITION = corporationById('universal-coalition');
const fresh = (): PlayerBoard => createBoard(KSB, COALITION);
const geometry = planetGeometry(KSB);

const toCell = (i: number): Cell => [cellX(i), cellY(i)];
const rowSquares = (y: number): Cell[] => geometry.squares.filter((i) => cellY(i) === y).map(toCell);
const columnSquares = (x: number): Cell[] => geometry.squares.filter((i) => cellX(i) === x).map(toCell);
const allSquares = (): Cell[] => geometry.squares.map(toCell);

/** Paints cells that are still bare (rows and columns cross). */
function cover(board: PlayerBoard, cells: Cell[]): PlayerBoard {
  const bare = cells.filter(([x, y]) => board.pieceAt[cellIndex(x, y)] === -1);
  return bare.length ? paint(board, bare, 'civ') : board;
}

function holding(board: PlayerBoard, ids: (number | null)[]): PlayerBoard {
  board.civCards = ids.map((id) => ({ id, rank: 1, timing: 'endGame' }));
  return board;
}

function setTrackers(board: PlayerBoard, rows: Partial<Record<Track, number>>): PlayerBoard {
  for (const t of TRACKS) board.trackers[t] = { col: t, row: rows[t] ?? board.trackers[t].row };
  return board;
}

/** A finished game: the parts of the state that scoring reads. */
function finalState(boards: Record<string, PlayerBoard>, objectives: NeighborObjective[] = []): ScoringInput {
  return { playerIDs: Object.keys(boards), boards, objectives, endTriggers: ['depotEmpty'], round: 12 };
}

describe('§6.3 A planet: complete rows and columns of KSB-4156', () => {
  it('a complete row scores its printed medal; the non-squares beside it are ignored', () => {
    expect(planetMedals(cover(fresh(), rowSquares(0)), KSB)).toBe(KSB.rowMedals[0]);
    expect(planetMedals(cover(fresh(), rowSquares(5)), KSB)).toBe(3);
    expect(rowSquares(0)).toEqual([
      [5, 0],
      [6, 0],
    ]);
  });

  it('a complete column scores its printed medal', () => {
    expect(planetMedals(cover(fresh(), columnSquares(5)), KSB)).toBe(KSB.columnMedals[5]);
    expect(planetMedals(cover(fresh(), columnSquares(0)), KSB)).toBe(1);
  });

  it('a row with one bare square scores nothing', () => {
    expect(planetMedals(cover(fresh(), rowSquares(5).slice(1)), KSB)).toBe(0);
    expect(planetMedals(fresh(), KSB)).toBe(0);
  });

  it('a meteorite anywhere in a complete column cancels that column but not the rows it crosses', () => {
    const board = cover(cover(fresh(), rowSquares(0)), columnSquares(5));
    expect(planetMedals(board, KSB)).toBe(1 + 3);
    board.meteorites = [cellIndex(5, 8)];
    expect(planetMedals(board, KSB)).toBe(1);
    expect(planetLines(board, KSB).columns[5]).toBe('cancelled');
    expect(planetLines(board, KSB).rows[0]).toBe('complete');
  });

  it('a meteorite anywhere in a complete row cancels that row', () => {
    const board = cover(cover(fresh(), rowSquares(0)), columnSquares(5));
    board.meteorites = [cellIndex(6, 0)];
    expect(planetMedals(board, KSB)).toBe(3);
  });

  it('a fully covered planet scores the printed maximum of 40; one meteorite cancels a row and a column', () => {
    const board = cover(fresh(), allSquares());
    expect(planetMedals(board, KSB)).toBe(40);
    expect(KSB.extra['maxRowColumnMedals']).toBe(40);
    board.meteorites = [cellIndex(5, 5)];
    expect(planetMedals(board, KSB)).toBe(40 - KSB.rowMedals[5]! - KSB.columnMedals[5]!);
  });
});

describe('§6.3 B tracks: nearest medal at or below each tracker (§5.6)', () => {
  it('Universal Coalition civ track: the last medal reached or passed, 0 below the first', () => {
    const civ = (row: number): number => trackMedal(COALITION, { col: 'civ', row });
    expect([0, 1, 2, 4, 5, 8, 9, 14, 15].map(civ)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 5]);
  });

  it('at the top civ scores 5 and water 10; water one below the top scores 7', () => {
    expect(trackMedal(COALITION, { col: 'civ', row: 15 })).toBe(5);
    expect(trackMedal(COALITION, { col: 'water', row: 15 })).toBe(10);
    expect(trackMedal(COALITION, { col: 'water', row: 14 })).toBe(7);
    expect(trackMedal(COALITION, { col: 'rover', row: 15 })).toBe(5);
    expect(trackMedal(COALITION, { col: 'tech', row: 14 })).toBe(2);
  });

  it('all trackers on level 0 score 0; all at the top score 5+10+5+5+5', () => {
    expect(trackMedals(fresh(), COALITION)).toBe(0);
    expect(
      trackMedals(setTrackers(fresh(), { civ: 15, water: 15, biomass: 15, rover: 15, tech: 15 }), COALITION),
    ).toBe(30);
  });

  it('the rulebook example scores 15: civ 1, water 7, biomass 1, rover 5, tech 1 (§6.4)', () => {
    const board = setTrackers(fresh(), { civ: 3, water: 13, biomass: 6, rover: 15, tech: 7 });
    expect(trackMedals(board, COALITION)).toBe(15);
  });

  it('a tracker scores on the column it occupies', () => {
    const board = fresh();
    board.trackers.civ = { col: 'water', row: 4 };
    expect(trackMedals(board, COALITION)).toBe(2);
  });

  it('Jump Drive tech track: the last medal passed, not the largest (§8.2)', () => {
    const jumpDrive = corporationById('jump-drive');
    expect(trackMedal(jumpDrive, { col: 'tech', row: 12 })).toBe(1);
    expect(trackMedal(jumpDrive, { col: 'tech', row: 3 })).toBe(5);
  });

  it('Wormhole biomass: medals printed between the boxes count once passed (§8.2)', () => {
    const wormhole = corporationById('wormhole-corp');
    expect(trackMedal(wormhole, { col: 'biomass', row: 3 })).toBe(0);
    expect(trackMedal(wormhole, { col: 'biomass', row: 5 })).toBe(1);
  });
});

describe('§6.3 C lifepods and meteorites', () => {
  const collecting = (lifepods: number, meteorites: number, cards: (number | null)[] = []): PlayerBoard => {
    const board = holding(fresh(), cards);
    board.collected = { lifepods, meteorites };
    return board;
  };

  it('1 per lifepod in the scoring area, 1 per full set of 3 meteorites (rounded down)', () => {
    const board = collecting(4, 7);
    expect(lifepodMedals(board)).toBe(4);
    expect(meteoriteMedals(board)).toBe(2);
    expect(meteoriteMedals(collecting(0, 2))).toBe(0);
  });

  for (const repos of [0, 1, 2, 3, 4]) {
    it(`Meteorite Repo ×${repos}: each set of 3 is worth ${1 + repos}`, () => {
      const cards = [29, 30, 31, 32].slice(0, repos);
      expect(meteoriteMedals(collecting(0, 7, cards))).toBe(2 * (1 + repos));
      expect(meteoriteMedals(collecting(0, 2, cards))).toBe(0);
      expect(lifepodMedals(collecting(3, 7, cards))).toBe(3);
    });
  }

  it('Space Citizen Decree (28): 2 per lifepod in the scoring area; meteorites unchanged', () => {
    const board = collecting(4, 7, [28]);
    expect(lifepodMedals(board)).toBe(8);
    expect(meteoriteMedals(board)).toBe(2);
  });

  it("§9: a hidden End Game card (id null) changes nothing in a viewer's score", () => {
    expect(lifepodMedals(collecting(4, 7, [null]))).toBe(4);
    expect(meteoriteMedals(collecting(4, 7, [null, null]))).toBe(2);
  });
});

describe('§6.3 D civ cards: End Game cards as printed', () => {
  const flat: [id: number, medals: number][] = [
    [6, 1],
    [7, 2],
    [8, 1],
    [9, 2],
    [15, 2],
    [20, 3],
    [23, 2],
    [24, 3],
    [27, 4],
  ];
  for (const [id, medals] of flat) {
    it(`card ${id} is worth ${medals}`, () => {
      expect(civCardMedals(holding(fresh(), [id]))).toBe(medals);
    });
  }

  it('card 22 Sustainable Living Act: 1 per biomass patch on the planet, tiles of biomass excluded', () => {
    const board = holding(fresh(), [22]);
    expect(civCardMedals(board)).toBe(0);
    paint(
      board,
      [
        [4, 4],
        [5, 4],
        [6, 4],
      ],
      'biomass',
      { as: 'patch' },
    );
    paint(board, block(2, 6, 3, 1), 'biomass');
    expect(civCardMedals(board)).toBe(3);
  });

  for (const [count, medals] of [
    [1, 1],
    [2, 3],
    [3, 6],
    [4, 10],
  ] as const) {
    it(`Commerce Agreement: a set of ${count} scores ${medals} once`, () => {
      expect(civCardMedals(holding(fresh(), [33, 34, 35, 36].slice(0, count)))).toBe(medals);
    });
  }

  it('Meteorite Repo and Space Citizen Decree score in part C, not D; immediate cards score nothing', () => {
    const board = holding(fresh(), [28, 29, 30]);
    board.civCards.push({ id: 1, rank: 1, timing: 'immediate' }, { id: 10, rank: 2, timing: 'immediate' });
    board.collected = { lifepods: 2, meteorites: 3 };
    expect(civCardMedals(board)).toBe(0);
  });

  it('cards add up: 27 + Commerce ×2 + 22 with two patches = 4 + 3 + 2', () => {
    const board = holding(fresh(), [27, 33, 34, 22]);
    paint(
      board,
      [
        [4, 4],
        [5, 4],
      ],
      'biomass',
      { as: 'patch' },
    );
    expect(civCardMedals(board)).toBe(9);
  });
});

describe('scoreGame: breakdown, objectives and the winner (§6.3, §6.5, R23)', () => {
  it('the total is the sum of the breakdown; a 2-player game compares on all three shared cards (§7.1)', () => {
    const a = holding(cover(fresh(), rowSquares(5)), [7, 33]);
    setTrackers(a, { civ: 5, water: 4 });
    a.collected = { lifepods: 3, meteorites: 3 };
    const b = fresh();
    b.collected = { lifepods: 1, meteorites: 3 };
    const both = ['a', 'b'];
    const state = finalState({ a, b }, [
      { card: 62, players: both }, // Rescue: most lifepods
      { card: 64, players: both }, // Deductible: fewest lifepods
      { card: 61, players: both }, // Geode: most meteorites, tied
    ]);
    const [sa, sb] = scoreGame(state).scores;
    expect(sa?.breakdown).toEqual({
      planet: 3,
      tracks: 4,
      lifepods: 3,
      meteorites: 1,
      civ: 3,
      objectives: 5 + 0 + 2,
    });
    expect(sa?.total).toBe(3 + 4 + 3 + 1 + 3 + 7);
    expect(sb?.breakdown).toEqual({
      planet: 0,
      tracks: 0,
      lifepods: 1,
      meteorites: 1,
      civ: 0,
      objectives: 0 + 5 + 2,
    });
    expect(sb?.total).toBe(9);
    expect(scoreGame(state).winners).toEqual(['a']);
    expect(scoreGame(state).endReasons).toEqual(['depotEmpty']);
  });

  it('3+ players: each card is shared by two neighbours only (§6.3 F)', () => {
    const boards = { p0: fresh(), p1: fresh(), p2: fresh() };
    boards.p0.collected.lifepods = 2;
    boards.p1.collected.lifepods = 1;
    const state = finalState(boards, [
      { card: 62, players: ['p0', 'p1'] },
      { card: 62, players: ['p1', 'p2'] },
      { card: 62, players: ['p2', 'p0'] },
    ]);
    expect(scoreGame(state).scores.map((s) => s.breakdown.objectives)).toEqual([10, 5, 0]);
  });

  it('§6.3 E: each met private objective adds 5 to objectives', () => {
    const a = fresh();
    a.collected = { lifepods: 2, meteorites: 9 };
    const state = finalState({ a, b: fresh() });
    const result = scoreGame(state, { a: [61, 62], b: [61] }); // Cleanup met, Tight Ship not; b has neither
    expect(result.scores.map((s) => s.breakdown.objectives)).toEqual([5, 0]);
  });

  it('R23: the highest total wins', () => {
    const a = setTrackers(fresh(), { civ: 2 });
    const result = scoreGame(finalState({ a, b: fresh() }));
    expect(result.winners).toEqual(['a']);
    expect(result.scores.map((s) => s.rank)).toEqual([1, 2]);
  });

  it('R23: equal totals, fewer uncovered planet squares wins', () => {
    const a = paint(fresh(), [[5, 5]], 'civ');
    const b = paint(
      fresh(),
      [
        [5, 5],
        [6, 5],
      ],
      'civ',
    );
    const result = scoreGame(finalState({ a, b }));
    expect(result.scores.map((s) => [s.total, s.uncovered])).toEqual([
      [0, 95],
      [0, 94],
    ]);
    expect(result.winners).toEqual(['b']);
  });

  it('R23: equal totals and uncovered squares, fewer meteorites left on the planet wins', () => {
    const a = paint(
      fresh(),
      [
        [5, 5],
        [6, 5],
      ],
      'civ',
    );
    const b = paint(
      fresh(),
      [
        [5, 5],
        [6, 5],
      ],
      'civ',
    );
    a.meteorites = [cellIndex(5, 5), cellIndex(6, 5)];
    b.meteorites = [cellIndex(5, 5)];
    const result = scoreGame(finalState({ a, b }));
    expect(result.scores.map((s) => s.meteoritesOnPlanet)).toEqual([2, 1]);
    expect(result.winners).toEqual(['b']);
    expect(result.scores.map((s) => s.rank)).toEqual([2, 1]);
  });

  it('R23: still tied, the players share the victory and the next rank is skipped (1, 1, 3)', () => {
    const tied = (): PlayerBoard => {
      const board = paint(fresh(), [[5, 5]], 'civ');
      board.meteorites = [cellIndex(5, 5)];
      return setTrackers(board, { water: 2 });
    };
    const result = scoreGame(finalState({ a: tied(), b: fresh(), c: tied() }));
    expect(result.winners).toEqual(['a', 'c']);
    expect(result.scores.map((s) => s.rank)).toEqual([1, 3, 1]);
  });
});
