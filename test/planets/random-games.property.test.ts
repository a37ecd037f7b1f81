/**
 * Random games on every planet end without error, score as their breakdowns say, and every tile
 * placed keeps its planet's rule by a plain reading of the data (§8.1), unless R10 lifted it.
 */
import { describe, expect, it } from 'vitest';
import { PLANETS, planetById, tileById } from '../../game/data';
import type { GameState, PlayerID } from '../../game/core/types';
import { playThirtyGames } from '../support/random-games';

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

describe('random games on every planet (§8.1)', () => {
  for (const planet of PLANETS.map((p) => p.id)) {
    it(`${planet}: 30 games of 1–6 players end, score their breakdowns, keep every tile and the planet's rule`, () => {
      const broken: string[] = [];
      playThirtyGames({ planet }, `planet-${planet}`, (state, player, action) => {
        if (action.type === 'placeTile' && !lastTileKeepsRule(state, player))
          broken.push(`${player}: ${JSON.stringify(action)}`);
      });
      expect(broken).toEqual([]);
    });
  }
});
