/**
 * The Commander's review (replay viewer, game/bots/review.ts): each of a player's round turns is
 * found in the record with what they played; every alternative it proposes is a legal turn at that
 * moment, played on the real state; no turn costs a negative number of medals, and only a turn
 * with a better alternative costs anything.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, initialGameState, legalActions, roundTurnsOf, type Action } from '../../game';
import { COMMANDER_DEFAULTS } from '../../game/bots/commander';
import { envFor } from '../../game/bots/pilot';
import { candidateTurns, reviewGame } from '../../game/bots/review';
import { BOTS, playGame, type BotFn } from '../../game/sim';
import { playerView } from '../../game/view';
import { soloTurnOpeningWithGain } from '../support/solo-turns';

const canon = (a: Action) => JSON.stringify(Object.fromEntries(Object.entries(a).sort()));
const actionOf = (m: { move: string; args?: Record<string, unknown> }) =>
  ({ ...m.args, type: m.move }) as Action;

describe("the Commander's review", () => {
  const { record } = playGame({
    numPlayers: 2,
    seed: 'review-test',
    setupData: {},
    bots: [BOTS.cadet as BotFn, BOTS.pilot as BotFn],
  });

  it('finds every round turn of the player, each with the steps kept at its confirm (R4)', () => {
    const turns = roundTurnsOf(record, '0');
    expect(turns.map((t) => t.round)).toEqual(turns.map((_, i) => i + 1));
    for (const t of turns) {
      expect(
        t.played.some((a) => a.type === 'takeTile'),
        `round ${t.round}`,
      ).toBe(true);
      expect(record.moves[t.at]?.player).toBe('0');
    }
  });

  it('proposes only legal turns, played from the real position, and never a negative cost', () => {
    let stopAfter = 6;
    const reviewed = reviewGame(record, '0', { worlds: 2, stop: () => stopAfter-- <= 0 });
    expect(reviewed).toHaveLength(6);
    for (const turn of reviewed) {
      expect(turn.cost, `round ${turn.round}`).toBeGreaterThanOrEqual(0);
      if (turn.cost > 0) expect(turn.better, `round ${turn.round}`).not.toBeNull();
      if (!turn.better) continue;
      // The real state at that moment: the record replayed to the turn's first move.
      const state = initialGameState(record.numPlayers, record.seed, record.setupData);
      for (const m of record.moves.slice(0, turn.at))
        expect(applyAction(state, m.player, actionOf(m))).toBeNull();
      for (const action of turn.better.actions) {
        // The list is the check: each step is one the engine lists at that point, and it applies.
        expect(legalActions(state, '0').map(canon), `round ${turn.round}: ${canon(action)}`).toContain(
          canon(action),
        );
        expect(applyAction(state, '0', action)).toBeNull();
      }
      expect(turn.better.cells.length, `round ${turn.round}: the alternative's tile`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('weighs as many alternatives for a turn that opens with an event’s gain as for any other turn', () => {
    // Solo, seed 'event-first': round 4 opens with an event's advance to resolve before any tile
    // may be taken (§3.4). The planner resolves it one way, so all the Commander's candidate turns
    // follow that way; before, they were split among three ways that were never there, and such a
    // turn (most solo rounds) was weighed against three turns, not eight.
    const state = soloTurnOpeningWithGain('event-first');
    expect(state.round).toBe(4);
    const view = playerView(state, '0');
    const turns = candidateTurns(view, '0', envFor(view, '0'));
    expect(turns).toHaveLength(COMMANDER_DEFAULTS.candidates);
    for (const plan of turns) {
      expect(plan.actions[0]?.type).toBe('resolve');
      expect(plan.actions.some((a) => a.type === 'takeTile')).toBe(true);
    }
    expect(new Set(turns.map((plan) => JSON.stringify(plan.actions))).size).toBe(turns.length);
  });
});
