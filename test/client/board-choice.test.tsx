// @vitest-environment jsdom
/**
 * The choice of planet and corporation before round 1 (R33): the panel lists exactly the planets
 * and the corporations the engine lists, with their names and rules (a corporation also with its
 * complexity), sends the listed pair picked, and then says what was chosen.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Action } from '../../game/core/types';
import { SYMMETRIC_CORPORATION, SYMMETRIC_PLANET, corporationById } from '../../game/data';
import { PLAYABLE_CORPORATIONS } from '../../game/content/corporations';
import { applyAction, legalActions } from '../../game/engine';
import { initialGameState } from '../../game/match';
import { playerView } from '../../game/view';
import { setLanguage } from '../../client/i18n';
import { BoardChoice } from '../../client/actions/BoardChoice';
import { OptionsFields } from '../../client/pages/OptionsFields';
import { DEFAULT_OPTIONS, setupDataFrom, type OptionsForm } from '../../client/pages/match-options';
import { domPerTest } from './dom';
import en from '../../client/i18n/en/turn.json';
import fr from '../../client/i18n/fr/turn.json';

const dom = domPerTest('en');
const click = (el: Element | null) => {
  if (!el) throw new Error('No element to click');
  act(() => (el as HTMLElement).click());
};
const listed = (actions: Action[], part: 'planet' | 'corporation') => [
  ...new Set(actions.flatMap((a) => (a.type === 'chooseBoard' ? [a[part]] : []))),
];

describe('choosing a planet and a corporation (R33)', () => {
  it('dealt: each dealt board and its symmetric side, with their rules; sends the listed pair picked', () => {
    const state = initialGameState(2, 'panel-dealt', { boards: 'dealt' });
    const view = playerView(state, '0');
    const actions = legalActions(view, '0');
    const send = vi.fn<(a: Action) => void>();
    dom.render(<BoardChoice G={view} player="0" actions={actions} send={send} />);
    const planets = dom.byTestId('board-planets') as HTMLElement;
    const corporations = dom.byTestId('board-corporations') as HTMLElement;
    expect(planets.querySelectorAll('input[type="radio"]')).toHaveLength(2);
    expect(planets.textContent).toMatch(/KSB-4156: no special rule/);
    expect(corporations.querySelectorAll('input[type="radio"]')).toHaveLength(
      listed(actions, 'corporation').length,
    );
    expect(corporations.textContent).toMatch(/Universal Coalition \(complexity 1\): no special rule/);
    const dealt = listed(actions, 'corporation')[0] as string;
    expect(corporations.textContent).toContain(
      `${corporationById(dealt).name} (complexity ${corporationById(dealt).complexity})`,
    );
    click(dom.byTestId(`board-${SYMMETRIC_PLANET}`));
    click(dom.byTestId(`corporation-${SYMMETRIC_CORPORATION}`));
    expect(dom.byTestId('choose-board')?.textContent).toBe('Play on KSB-4156 with Universal Coalition');
    click(dom.byTestId('choose-board'));
    const sent = { type: 'chooseBoard', planet: SYMMETRIC_PLANET, corporation: SYMMETRIC_CORPORATION };
    expect(send).toHaveBeenCalledWith(sent);
    expect(actions).toContainEqual(sent);
  });

  it('free, in French: every planet and every corporation; once chosen, it says which until everyone has chosen', () => {
    setLanguage('fr');
    const state = initialGameState(2, 'panel-free', { boards: 'free' });
    dom.render(
      <BoardChoice G={state} player="0" actions={legalActions(state, '0')} send={() => undefined} />,
    );
    expect(dom.byTestId('board-planets')?.querySelectorAll('input[type="radio"]')).toHaveLength(13);
    expect(dom.byTestId('board-corporations')?.querySelectorAll('input[type="radio"]')).toHaveLength(
      PLAYABLE_CORPORATIONS.length,
    );
    expect(dom.byTestId('board-offer')?.textContent).toMatch(/Lacuna\u202f: 15 trous/);
    expect(dom.byTestId('board-offer')?.textContent).toMatch(
      /Coalition Universelle \(difficulté 1\)\u202f: aucune règle particulière/,
    );
    const pick = { type: 'chooseBoard', planet: 'lacuna', corporation: SYMMETRIC_CORPORATION } as const;
    expect(applyAction(state, '0', pick)).toBeNull();
    dom.render(
      <BoardChoice G={state} player="0" actions={legalActions(state, '0')} send={() => undefined} />,
    );
    expect(dom.byTestId('board-chosen')?.textContent).toMatch(
      /Vous avez choisi Lacuna et Coalition Universelle/,
    );
  });

  it('every corporation has its rule in short, in English and in French', () => {
    for (const rules of [en.boards.corporationRule, fr.boards.corporationRule])
      for (const id of PLAYABLE_CORPORATIONS) expect(rules[id as keyof typeof rules]).toMatch(/\w.*\.$/);
    expect(Object.keys(en.boards.corporationRule).sort()).toEqual(
      Object.keys(fr.boards.corporationRule).sort(),
    );
  });
});

describe('the boards option in the setup forms (R33)', () => {
  it('offers symmetric, dealt and free, and sends boards only when it is not symmetric', () => {
    const onChange = vi.fn<(next: OptionsForm) => void>();
    dom.render(<OptionsFields value={DEFAULT_OPTIONS} onChange={onChange} players={3} idPrefix="t" />);
    const select = dom.byTestId('t-boards') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['symmetric', 'dealt', 'free']);
    expect(select.value).toBe('symmetric');
    expect(select.closest('label')?.textContent).toMatch(/Planets and corporations/);
    expect(select.options[1]?.textContent).toMatch(/dealt planet and corporation/);
    act(() => {
      select.value = 'dealt';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_OPTIONS, boards: 'dealt' });
    expect(setupDataFrom(DEFAULT_OPTIONS, 3).boards).toBeUndefined();
    expect(setupDataFrom({ ...DEFAULT_OPTIONS, boards: 'dealt' }, 3)).toMatchObject({ boards: 'dealt' });
  });

  it('solo offers free by default, and symmetric stays a choice', () => {
    dom.render(<OptionsFields value={DEFAULT_OPTIONS} onChange={() => undefined} players={1} idPrefix="s" />);
    expect((dom.byTestId('s-boards') as HTMLSelectElement).value).toBe('free');
    expect(setupDataFrom(DEFAULT_OPTIONS, 1)).toMatchObject({ boards: 'free' });
    expect(setupDataFrom({ ...DEFAULT_OPTIONS, boards: 'symmetric' }, 1).boards).toBeUndefined();
  });

  it('in French, the option names planets and corporations', () => {
    setLanguage('fr');
    dom.render(<OptionsFields value={DEFAULT_OPTIONS} onChange={() => undefined} players={2} idPrefix="f" />);
    const select = dom.byTestId('f-boards') as HTMLSelectElement;
    expect(select.closest('label')?.textContent).toMatch(/Planètes et Corporations/);
    // Short enough for the select at 1280 px: nothing cut off.
    expect(select.options[2]?.textContent).toMatch(/chacun choisit sa Planète et sa Corporation/);
  });
});
