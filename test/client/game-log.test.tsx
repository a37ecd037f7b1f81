// @vitest-environment jsdom
/**
 * The log covers the whole game, grouped by round with the newest round first, can follow one
 * player, says what each turn gained, and an entry chosen shows its squares on that player's planet
 * (issue: the table as a player sees it).
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { message } from '../../game/core/messages';
import type { GameState } from '../../game/core/types';
import { GameLog } from '../../client/table/GameLog';
import { scenario } from '../support/scenario';
import { domPerTest } from './dom';
import { clearHighlight, getHighlight, highlightCells } from '../../client/table/highlight-store';
import { GRID } from '../../game';

const dom = domPerTest('en');
afterEach(() => clearHighlight());

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

  it("adds the clocks' notes to their rounds, a round with nothing else too, and follows them with their player", () => {
    const notes = [
      { key: 'a', round: 2, player: '1', text: 'Bob ran out of time: the Pilot plays for them from here.' },
      { key: 'b', round: 3, player: '1', text: 'Bob is back and plays again.' },
    ];
    dom.render(<GameLog G={stateWithLog()} names={{ '0': 'Ada', '1': 'Bob' }} notes={notes} />);
    const rounds = [...dom.host.querySelectorAll('[data-testid^="log-round-"] h3')].map((h) => h.textContent);
    expect(rounds).toEqual(['Round 3', 'Round 2', 'Round 1']);
    const said = [...dom.host.querySelectorAll('[data-testid="log-clock-note"]')].map((li) => li.textContent);
    expect(said).toEqual(
      ['Bob is back and plays again.', 'Bob ran out of time: the Pilot plays for them from here.'].map((t) =>
        expect.stringContaining(t),
      ),
    );
    act(() => {
      const filter = dom.byTestId('log-filter') as HTMLSelectElement;
      filter.value = '0';
      filter.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(dom.host.querySelectorAll('[data-testid="log-clock-note"]')).toHaveLength(0);
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
    expect(entries.every((li) => li.textContent?.trim().startsWith('Bob'))).toBe(true);
  });
});

/** Two confirmed turns: Ada's covered three squares and gained; Bob's sent a tracker back. */
function stateWithTurns(): GameState {
  const state = scenario({ players: 2 }).start().state;
  state.log = [
    { round: 1, message: message('log.eventRevealed', { id: 70 }) },
    {
      round: 1,
      player: '0',
      message: message('log.placed', { tile: 12 }),
      cells: [5, 17, 29],
      gains: { tracks: { water: 2, tech: 1 }, lifepods: 1, meteorites: 0 },
    },
    {
      round: 1,
      player: '1',
      message: message('log.placed', { tile: 30 }),
      cells: [6 * GRID + 6, 6 * GRID + 7],
      gains: { tracks: { rover: -1 }, lifepods: 0, meteorites: 2 },
    },
  ];
  return state;
}

describe('a log entry in French', () => {
  const fr = domPerTest('fr');
  it('uses the rulebook’s words', () => {
    fr.render(<GameLog G={stateWithTurns()} names={{ '0': 'Ada', '1': 'Bob' }} />);
    expect(fr.byTestId('log-entry-1')?.textContent).toContain('+2 Eau');
    expect(fr.byTestId('log-entry-1')?.textContent).toContain('+1 Module de survie');
    expect(fr.byTestId('log-entry-2')?.textContent).toContain('+2 Météorites');
  });
});

const press = (el: Element | null | undefined) => act(() => (el as HTMLButtonElement).click());

describe('a log entry with squares', () => {
  it('holds no button inside its own: a message with a rule offers its "why?" only outside an entry button', () => {
    const G = stateWithTurns();
    G.log.push({ round: 2, player: '1', message: message('log.stuck', undefined, '§4.10'), cells: [0] });
    G.log.push({ round: 2, player: '0', message: message('log.stuck', undefined, '§4.10') });
    dom.render(<GameLog G={G} names={{ '0': 'Ada', '1': 'Bob' }} />);
    expect(dom.host.querySelectorAll('button button')).toHaveLength(0);
    expect(dom.byTestId('log-entry-4')?.querySelector('button.why')).not.toBeNull();
  });

  it('says what the turn gained, in words, a tracker sent back with a minus', () => {
    dom.render(<GameLog G={stateWithTurns()} names={{ '0': 'Ada', '1': 'Bob' }} />);
    const chips = (i: number) =>
      [...(dom.byTestId(`log-entry-${i}`)?.querySelectorAll('.log-chip') ?? [])].map((c) => c.textContent);
    expect(chips(1)).toEqual(['+2 Water', '+1 Tech', '+1 lifepod']);
    // Gains first, then what was lost, each after its own words for a screen reader.
    expect(chips(2)).toEqual(['+2 meteorites', '−1 Rover']);
    expect(dom.byTestId('log-entry-2')?.querySelector('.log-gains')?.textContent).toBe(
      'Gained: +2 meteoritesLost: −1 Rover',
    );
    expect(dom.byTestId('log-entry-2')?.querySelector('.log-chip.back')?.textContent).toBe('−1 Rover');
    // An entry without squares is text, not a button.
    expect(dom.byTestId('log-entry-0')?.querySelector('button')).toBeNull();
  });

  it('shows its squares on that player’s planet when chosen, until another is chosen, it is chosen again or Escape', () => {
    const onReveal = vi.fn();
    dom.render(<GameLog G={stateWithTurns()} names={{ '0': 'Ada', '1': 'Bob' }} onReveal={onReveal} />);
    const ada = dom.byTestId('log-entry-1')?.querySelector('button');
    const bob = dom.byTestId('log-entry-2')?.querySelector('button');
    expect(ada?.getAttribute('title')).toBe('Show these squares on Ada’s planet');
    press(ada);
    expect(getHighlight()).toMatchObject({ player: '0', cells: [5, 17, 29] });
    expect(ada?.getAttribute('aria-pressed')).toBe('true');
    press(bob);
    expect(getHighlight()).toMatchObject({ player: '1', cells: [78, 79] });
    expect(ada?.getAttribute('aria-pressed')).toBe('false');
    expect(bob?.getAttribute('aria-pressed')).toBe('true');
    press(bob);
    expect(getHighlight()).toBeNull();
    press(ada);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(getHighlight()).toBeNull();
    expect(ada?.getAttribute('aria-pressed')).toBe('false');
    // No planet on this page covered by the log: nothing to move aside.
    expect(onReveal).not.toHaveBeenCalled();
  });

  it('fades by itself after a few seconds', () => {
    vi.useFakeTimers();
    try {
      highlightCells('0', [1, 2], 1000);
      expect(getHighlight()?.cells).toEqual([1, 2]);
      vi.advanceTimersByTime(999);
      expect(getHighlight()).not.toBeNull();
      vi.advanceTimersByTime(1);
      expect(getHighlight()).toBeNull();
      highlightCells('0', []);
      expect(getHighlight()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
