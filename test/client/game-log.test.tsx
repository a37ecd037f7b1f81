// @vitest-environment jsdom
/**
 * The log covers the whole game, grouped by round with the newest round first, and can follow one
 * player (issue: the table as a player sees it).
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { message } from '../../game/core/messages';
import type { GameState } from '../../game/core/types';
import { GameLog } from '../../client/table/GameLog';
import { scenario } from '../support/scenario';
import { domPerTest } from './dom';

const dom = domPerTest('en');

function stateWithLog(): GameState {
  const state = scenario({ players: 2 }).start().state;
  state.log = [
    { round: 1, message: message('log.eventRevealed', { id: 70 }) },
    { round: 1, player: '0', message: message('log.placed', { tile: 12 }) },
    { round: 1, player: '1', message: message('log.placed', { tile: 30 }) },
    ...Array.from({ length: 12 }, (_, k) => ({
      round: 2,
      player: k % 2 ? '1' : '0',
      message: message('log.placed', { tile: 100 + k }),
    })),
  ];
  return state;
}

describe('the game log', () => {
  it('shows every entry, grouped by round, newest round first', () => {
    dom.render(<GameLog G={stateWithLog()} names={{ '0': 'Ada', '1': 'Bob' }} />);
    const rounds = [...dom.host.querySelectorAll('[data-testid^="log-round-"] h3')].map((h) => h.textContent);
    expect(rounds).toEqual(['Round 2', 'Round 1']);
    expect(dom.host.querySelectorAll('[data-testid="log"] li')).toHaveLength(15);
    expect(dom.byTestId('log-round-1')?.textContent).toContain('Ada');
  });

  it('follows one player when asked', () => {
    dom.render(<GameLog G={stateWithLog()} names={{ '0': 'Ada', '1': 'Bob' }} />);
    const select = dom.byTestId('log-filter') as HTMLSelectElement;
    act(() => {
      select.value = '1';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const entries = [...dom.host.querySelectorAll('[data-testid="log"] li')];
    expect(entries).toHaveLength(7);
    expect(entries.every((li) => li.textContent?.startsWith('Bob'))).toBe(true);
  });
});
