// @vitest-environment jsdom
/**
 * The choice of planet before round 1 (R33): the panel lists exactly the planets the engine lists,
 * with their names and rules, sends the one picked, and then says which planet was chosen.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Action } from '../../game/core/types';
import { SYMMETRIC_PLANET } from '../../game/data';
import { applyAction, legalActions } from '../../game/engine';
import { initialGameState } from '../../game/match';
import { playerView } from '../../game/view';
import { setLanguage } from '../../client/i18n';
import { BoardChoice } from '../../client/actions/BoardChoice';
import { OptionsFields } from '../../client/pages/OptionsFields';
import { DEFAULT_OPTIONS, setupDataFrom, type OptionsForm } from '../../client/pages/match-options';
import { domPerTest } from './dom';

const dom = domPerTest('en');
const click = (el: Element | null) => {
  if (!el) throw new Error('No element to click');
  act(() => (el as HTMLElement).click());
};

describe('choosing a planet (R33)', () => {
  it('dealt: the dealt planet and the symmetric side, with their rules; sends the one picked', () => {
    const state = initialGameState(2, 'panel-dealt', { boards: 'dealt' });
    const view = playerView(state, '0');
    const listed = legalActions(view, '0').map((a) => (a.type === 'chooseBoard' ? a.planet : ''));
    const send = vi.fn<(a: Action) => void>();
    dom.render(<BoardChoice G={view} player="0" actions={legalActions(view, '0')} send={send} />);
    expect(dom.host.querySelectorAll('input[type="radio"]')).toHaveLength(2);
    expect(dom.byTestId('board-offer')?.textContent).toMatch(/KSB-4156: no special rule/);
    click(dom.byTestId(`board-${SYMMETRIC_PLANET}`));
    click(dom.byTestId('choose-board'));
    expect(send).toHaveBeenCalledWith({ type: 'chooseBoard', planet: SYMMETRIC_PLANET });
    expect(listed).toContain(SYMMETRIC_PLANET);
  });

  it('free, in French: every planet; once chosen, it says which until everyone has chosen', () => {
    setLanguage('fr');
    const state = initialGameState(2, 'panel-free', { boards: 'free' });
    dom.render(
      <BoardChoice G={state} player="0" actions={legalActions(state, '0')} send={() => undefined} />,
    );
    expect(dom.host.querySelectorAll('input[type="radio"]')).toHaveLength(13);
    expect(dom.byTestId('board-offer')?.textContent).toMatch(/Lacuna : 15 trous/);
    expect(applyAction(state, '0', { type: 'chooseBoard', planet: 'lacuna' })).toBeNull();
    dom.render(
      <BoardChoice G={state} player="0" actions={legalActions(state, '0')} send={() => undefined} />,
    );
    expect(dom.byTestId('board-chosen')?.textContent).toMatch(/Vous avez choisi Lacuna/);
  });
});

describe('the boards option in the setup forms (R33)', () => {
  it('offers symmetric, dealt and free, and sends boards only when it is not the default', () => {
    const onChange = vi.fn<(next: OptionsForm) => void>();
    dom.render(<OptionsFields value={DEFAULT_OPTIONS} onChange={onChange} players={3} idPrefix="t" />);
    const select = dom.byTestId('t-boards') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['symmetric', 'dealt', 'free']);
    expect(select.value).toBe('symmetric');
    act(() => {
      select.value = 'dealt';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_OPTIONS, boards: 'dealt' });
    expect(setupDataFrom(DEFAULT_OPTIONS, 3).boards).toBeUndefined();
    expect(setupDataFrom({ ...DEFAULT_OPTIONS, boards: 'free' }, 1)).toMatchObject({ boards: 'free' });
    expect(setupDataFrom({ ...DEFAULT_OPTIONS, boards: 'dealt' }, 3)).toMatchObject({ boards: 'dealt' });
  });
});
