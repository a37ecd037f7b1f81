// @vitest-environment jsdom
/**
 * The hint and the bots' panel show the bots' reasons from their codes, in the player's language,
 * and a suggestion and its reason name the same square in the board's own numbering (0 to 11).
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Action, GameState, PlayerID } from '../../game/core/types';
import { applyAction } from '../../game/engine';
import { playGame } from '../../game/sim';
import { hint, type BotBudget } from '../../game/bots';

/** A fixed number of sampled worlds and no clock: the same hint each time it is asked. */
const SAME_HINT: BotBudget = { samples: 2, ms: 60_000 };
import { message } from '../../game/core/messages';
import { setLanguage } from '../../client/i18n';
import { HintPanel } from '../../client/local/HintPanel';
import { BotActivityStore, BotPanel } from '../../client/local/BotPanel';
import type { DecisionSource } from '../../client/local/bot-protocol';
import { domPerTest } from './dom';

const dom = domPerTest('en');

/** A two-player game at the start of round 4's turns, and player 0 after taking the hinted tile. */
function placingState(): GameState {
  let found: GameState | null = null;
  playGame({
    numPlayers: 2,
    seed: 'hint-panel',
    onAction: (state) => {
      if (
        !found &&
        state.round === 4 &&
        state.step === 'turns' &&
        !Object.values(state.confirmed).some(Boolean)
      )
        found = structuredClone(state);
    },
  });
  if (!found) throw new Error('no round 4');
  const state: GameState = found;
  const take = hint(state, '0', SAME_HINT).action;
  expect(take.type).toBe('takeTile');
  expect(applyAction(state, '0', take)).toBeNull();
  return state;
}

const directSource: DecisionSource = {
  decide: () => Promise.reject(new Error('not used')),
  hint: async ({ state, player }) => hint(state, player, SAME_HINT),
};

async function askHint(G: GameState, player: PlayerID): Promise<{ action: string; reason: string }> {
  dom.render(<HintPanel G={G} player={player} name="Ada" source={directSource} />);
  await act(async () => {
    dom.byTestId('hint-button')?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return {
    action: dom.byTestId('hint-action')?.textContent ?? '',
    reason: dom.byTestId('hint-reason')?.textContent ?? '',
  };
}

describe('the hint panel', () => {
  it('names the same square in the suggestion and in its reason, as the board numbers it', async () => {
    const G = placingState();
    const suggested = hint(G, '0', SAME_HINT).action as Extract<Action, { type: 'placeTile' }>;
    expect(suggested.type).toBe('placeTile');
    const square = `column ${suggested.x}, row ${suggested.y}`;
    const shown = await askHint(G, '0');
    expect(shown.action).toContain(`at ${square}`);
    expect(shown.reason).toMatch(new RegExp(`^Why: it places it at ${square}`));
    expect(shown.reason).not.toMatch(/{{|hint\./);
  });

  it('gives the reason in French', async () => {
    setLanguage('fr');
    const G = placingState();
    const suggested = hint(G, '0', SAME_HINT).action as Extract<Action, { type: 'placeTile' }>;
    const shown = await askHint(G, '0');
    expect(shown.action).toContain(`en colonne ${suggested.x}, ligne ${suggested.y}`);
    expect(shown.reason).toMatch(
      new RegExp(`^Pourquoi\u202f: la pose en colonne ${suggested.x}, ligne ${suggested.y}`),
    );
    expect(shown.reason).not.toMatch(/{{|hint\.| places | completes /);
  });
});

describe('the bots panel', () => {
  it("shows each bot's last reason and its log from the reason's code, in the player's language", () => {
    const activity = new BotActivityStore();
    const table = { source: directSource, activity };
    const G = placingState();
    const action: Action = { type: 'placeTile', orientation: 0, x: 3, y: 7 };
    const reason = message('hint.because', {
      action: message('hint.placesTile', { x: 3, y: 7 }),
      why: message('hint.completesLine', {
        line: 'row',
        index: 11,
        medals: message('hint.medalMany', { count: 3 }),
      }),
    });
    act(() => activity.record({ kind: 'decided', player: '1', action, reason }));
    const panel = (
      <BotPanel bots={[{ player: '1', level: 'pilot' }]} names={{ 1: 'Bo' }} table={table} G={G} />
    );
    dom.render(panel);
    expect(dom.byTestId('bot-reason-1')?.textContent).toBe(
      'Last move: places it at column 3, row 7: completes row 11 for 3 medals',
    );
    expect(dom.byTestId('bot-log')?.textContent).toContain(
      'Bo: places it at column 3, row 7: completes row 11 for 3 medals',
    );
    act(() => setLanguage('fr'));
    dom.render(panel);
    expect(dom.byTestId('bot-reason-1')?.textContent).toBe(
      'Dernier coup\u202f: la pose en colonne 3, ligne 7\u202f: complète la ligne 11 pour 3 Médailles',
    );
  });
});
