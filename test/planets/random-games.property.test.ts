/**
 * Random games on every planet end without error, score as their breakdowns say and keep every
 * tile; and every tile and patch laid is legal by a plain reading of the rules (./plain-rules):
 * the planet's real shape (§4.1–4.4), its own rule (§8.1, R18), the round's event (§4.8), and
 * each waiver checked to be needed and given (R10, §4.9, §4.10). Mostly the random bot, plus a
 * few Cadet games, which play where a player would.
 */
import { describe, expect, it } from 'vitest';
import { PLANETS } from '../../game/data';
import type { Action, Draft, GameState, PlayerID, RoundRule } from '../../game/core/types';
import { BOTS, playGame, type BotFn } from '../../game/sim';
import { facingDepot } from '../../game/rules/depot';
import { breakdownTotal, scoreGame } from '../../game/rules/scoring';
import { PLAYER_COUNTS, tilesAccountedFor } from '../support/random-games';
import {
  laidPatch,
  laidTile,
  plainWaivers,
  plainlyFits,
  plainlyLegal,
  type Lifted,
  type Waived,
} from './plain-rules';

const TILE_RULES = ['tileMayNotTouchEdge', 'tileMayNotCoverIce', 'tileMayNotTouchMatchingTerrain'];
const tileRules = (d: Draft): RoundRule[] => d.rules.filter((r) => TILE_RULES.includes(r.rule));

/** What R10 lifts, as the plain placement check takes it. */
const liftedBy = (w: Waived, d: Draft): Lifted => ({
  planet: w.planet,
  events: w.event ? [] : tileRules(d),
});

/** The tiles the depot offers now: the visible tops, less a stack taken this turn or removed (R4, event 116). */
function offerOf(state: GameState, player: PlayerID, d: Draft): { stack: string; tileId: number }[] {
  const depot = state.station.depots[facingDepot(state, player)];
  const used = [d.taken?.stack, d.removedStack, ...d.extraTaken.map((t) => t.stack)];
  return (['small', 'large'] as const).flatMap((stack) => {
    const top = depot?.[stack].top ?? null;
    return top === null || used.includes(stack) ? [] : [{ stack, tileId: top }];
  });
}

/** Watches every action of a game: judges placements before they are applied, waivers after a take. */
class Referee {
  readonly problems: string[] = [];
  readonly seen = { tiles: 0, patches: 0, planetWaived: 0, eventWaived: 0, setAside: 0 };
  private readonly expected = new Map<PlayerID, { waived: Waived; setAside: boolean }>();
  seed = '';

  bot(inner: BotFn): BotFn {
    return (state, player, rng) => {
      const action = inner(state, player, rng);
      const d = state.private[player]?.turn?.draft;
      if (d) this.judge(state, player, d, action);
      return action;
    };
  }

  private fail(player: PlayerID, what: string, action: Action) {
    this.problems.push(`${this.seed} player ${player}: ${what}: ${JSON.stringify(action)}`);
  }

  private judge(state: GameState, player: PlayerID, d: Draft, action: Action) {
    const board = d.board;
    if (action.type === 'takeTile') {
      const offer = offerOf(state, player, d);
      const waived = plainWaivers(
        board,
        offer.map((o) => o.tileId),
        tileRules(d),
      );
      const fitting = offer.filter((o) => plainlyFits(board, o.tileId, liftedBy(waived, d)));
      const chosen = offer.find((o) => o.stack === action.stack);
      if (!chosen) this.fail(player, 'took a stack the depot does not offer', action);
      else if (fitting.length > 0 && !fitting.includes(chosen))
        this.fail(player, 'took a tile that fits nowhere while another fits (§4.9)', action);
      this.expected.set(player, { waived, setAside: fitting.length === 0 });
    } else if (action.type === 'placeTile') {
      const tile = laidTile(d.taken?.tileId ?? -1, action.orientation, action.x, action.y);
      const lifted = liftedBy({ planet: d.planetRestrictionWaived, event: d.restrictionWaived }, d);
      if (!plainlyLegal(board, tile, lifted)) this.fail(player, 'placed a tile illegally', action);
      this.seen.tiles++;
    } else if (action.type === 'resolve' && action.choice) {
      const item = d.pending.find((p) => p.id === action.item);
      const c = action.choice;
      if (item?.kind === 'extraTile' && c.stack && c.orientation !== undefined) {
        // A civ card's extra tile: judged on the tiles the depot offers now, with their own waivers.
        const offer = offerOf(state, player, d);
        const waived = plainWaivers(
          board,
          offer.map((o) => o.tileId),
          tileRules(d),
        );
        const tileId = offer.find((o) => o.stack === c.stack)?.tileId ?? -1;
        const tile = laidTile(tileId, c.orientation, c.x ?? -9, c.y ?? -9);
        if (!plainlyLegal(board, tile, liftedBy(waived, d)))
          this.fail(player, 'placed an extra tile illegally', action);
        this.seen.tiles++;
      } else if (item?.kind === 'patch' && c.x !== undefined && c.y !== undefined) {
        if (!plainlyLegal(board, laidPatch(c.x, c.y))) this.fail(player, 'placed a patch illegally', action);
        this.seen.patches++;
      }
    }
  }

  /** After a take: the engine lifted exactly what R10 lifts, and set the tile aside only when none fit. */
  readonly onAction = (state: GameState, player: PlayerID, action: Action) => {
    if (action.type !== 'takeTile') return;
    const want = this.expected.get(player);
    const d = state.private[player]?.turn?.draft;
    if (!want || !d) return;
    const got = { planet: d.planetRestrictionWaived, event: d.restrictionWaived };
    if (got.planet !== want.waived.planet || got.event !== want.waived.event)
      this.fail(player, `waived ${JSON.stringify(got)}, R10 says ${JSON.stringify(want.waived)}`, action);
    if (d.unplaceable !== want.setAside)
      this.fail(player, `set aside: ${d.unplaceable}, fits nowhere: ${want.setAside} (§4.10)`, action);
    if (got.planet) this.seen.planetWaived++;
    if (got.event) this.seen.eventWaived++;
    if (d.unplaceable) this.seen.setAside++;
    this.expected.delete(player);
  };
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

function playWatched(referee: Referee, planet: string, players: number, seed: string, bots: BotFn[]) {
  referee.seed = seed;
  const { state } = playGame({
    numPlayers: players,
    seed,
    setupData: { seats: Array.from({ length: players }, () => ({ planet })) },
    bots: bots.map((b) => referee.bot(b)),
    onAction: referee.onAction,
  });
  expect(state.step, seed).toBe('over');
  expect(tilesAccountedFor(state), seed).toBe(144);
  for (const s of scoreGame(state).scores) {
    expect(s.total, seed).toBe(breakdownTotal(s.breakdown));
    // The end screen's detail adds up to the categories it details.
    expect(sum(Object.values(s.detail.tracks))).toBe(s.breakdown.tracks);
    expect(sum(s.detail.civCards.map((c) => c.medals))).toBe(s.breakdown.civ);
    expect(sum(s.detail.objectives.map((c) => c.medals))).toBe(s.breakdown.objectives);
  }
}

const random = BOTS['random'] as BotFn;
const cadet = BOTS['cadet'] as BotFn;

describe('random games on every planet (§8.1), every placement checked by a plain reading', () => {
  for (const planet of PLANETS.map((p) => p.id)) {
    it(`${planet}: 30 random games of 1–6 players and two Cadet games end, score their breakdowns, keep every tile and every rule`, () => {
      const referee = new Referee();
      PLAYER_COUNTS.forEach((n, k) =>
        playWatched(referee, planet, n, `planet-${planet}-${k}`, Array<BotFn>(n).fill(random)),
      );
      playWatched(referee, planet, 1, `cadet-${planet}-solo`, [cadet]);
      playWatched(referee, planet, 3, `cadet-${planet}-3`, [cadet, random, cadet]);
      expect(referee.problems).toEqual([]);
      expect(referee.seen.tiles).toBeGreaterThan(300);
      expect(referee.seen.patches).toBeGreaterThan(0);
    });
  }
});
