/**
 * Random games on every planet end without error, score as their breakdowns say, and every tile
 * placed keeps its planet's rule by a plain reading of the data (§8.1), unless R10 lifted it.
 */
import { describe, expect, it } from 'vitest';
import { PLANETS, planetById, tileById } from '../../game/data';
import type { GameState, PlayerID } from '../../game/core/types';
import { playGame } from '../../game/sim';
import { breakdownTotal, scoreGame } from '../../game/rules/scoring';

type Check = (cells: number[], tileId: number, first: boolean) => boolean;

const letter = (planet: string, c: number) => planetById(planet).grid[Math.floor(c / 12)]?.[c % 12] ?? '.';
const layer = (planet: string, field: string) => (planetById(planet).extra[field] as string[]).join('');

const CHECKS: Record<string, Check> = {
  'k-273': (cells) => new Set(cells.map((c) => 'IQ'.includes(letter('k-273', c)))).size === 1,
  persephone: (cells, tileId) =>
    cells.every((c, k) => {
      const cell = tileById(tileId).cells[k];
      const top = Math.floor(c / 12) <= 5;
      const left = c % 12 <= 5;
      const forbidden = top ? (left ? 'civ' : 'energy') : left ? 'tech' : 'water';
      return !cell?.resource || cell.terrain !== forbidden;
    }),
  arashi: (cells) => cells.some((c) => letter('arashi', c) !== 'R'),
  tartarus: (cells) => new Set(cells.map((c) => layer('tartarus', 'sides')[c])).size === 1,
  charybdis: (cells, _tile, first) => !first || cells.some((c) => letter('charybdis', c) === 'V'),
};

function lastTileKeepsRule(state: GameState, player: PlayerID): boolean {
  const d = state.private[player]?.turn?.draft;
  if (!d || d.planetRestrictionWaived) return true;
  const check = CHECKS[d.board.planet];
  const piece = d.board.lastTile === null ? undefined : d.board.pieces[d.board.lastTile];
  if (!check || !piece || piece.kind !== 'tile') return true;
  return check(piece.cells, piece.tileId, d.board.lastTile === 0);
}

/** Every tile is in a stack, on a planet or set aside: none lost, none doubled (§2.2, §4.10). */
function tilesAccountedFor(state: GameState): number {
  const inStacks = state.hidden.stacks.reduce((n, stack) => n + stack.length, 0);
  const onPlanets = Object.values(state.boards).reduce(
    (n, b) => n + b.pieces.filter((p) => p.kind === 'tile').length,
    0,
  );
  return inStacks + onPlanets + state.setAsideTiles.length;
}

/** Thirty games a planet: mostly one or two players (the planet's rules bite most there), every count to six. */
const PLAYER_COUNTS = [
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6,
];

describe('random games on every planet (§8.1)', () => {
  for (const planet of PLANETS.map((p) => p.id)) {
    it(`${planet}: 30 games of 1–6 players end, score their breakdowns, keep every tile and the planet's rule`, () => {
      PLAYER_COUNTS.forEach((n, k) => {
        const broken: string[] = [];
        const played = playGame({
          numPlayers: n,
          seed: `planet-${planet}-${k}`,
          setupData: { seats: Array.from({ length: n }, () => ({ planet })) },
          onAction: (state, player, action) => {
            if (action.type === 'placeTile' && !lastTileKeepsRule(state, player))
              broken.push(`${player}: ${JSON.stringify(action)}`);
          },
        });
        expect(broken).toEqual([]);
        expect(tilesAccountedFor(played.state)).toBe(144);
        for (const s of scoreGame(played.state).scores) expect(s.total).toBe(breakdownTotal(s.breakdown));
      });
    });
  }
});
