// @vitest-environment jsdom
/**
 * The phone's tabs: the moment decides the tab (the station to take a tile or turn it, else the
 * planet) until the player picks another one, which holds until the turn moves on; the tab that needs
 * the player is marked while another is shown; arrows move between tabs; French labels; no Players
 * tab in a solo game.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../game';
import { type PhoneTab, PhoneTabs, tabForMoment, usePhoneTab } from '../../client/table/PhoneTabs';
import { domPerTest } from './dom';

const dom = domPerTest('en');

function Harness({ moment, wanted, alone = false }: { moment: string; wanted: PhoneTab; alone?: boolean }) {
  const [tab, select] = usePhoneTab(moment, wanted);
  return (
    <div data-testid="turn" data-phone-tab={tab}>
      <PhoneTabs tab={tab} select={select} attention={new Set([wanted])} alone={alone} />
    </div>
  );
}

const shown = () => dom.byTestId('turn')?.getAttribute('data-phone-tab');
const click = (id: string) => act(() => dom.byTestId(`phone-tab-${id}`)?.click());

describe('phone tabs', () => {
  it('open the station to take a tile or turn it, the planet otherwise', () => {
    expect(tabForMoment([{ type: 'takeTile', stack: 'small' } as Action])).toBe('station');
    expect(tabForMoment([{ type: 'rotate', rotation: 1 } as Action])).toBe('station');
    expect(tabForMoment([{ type: 'confirm' }])).toBe('planet');
    expect(tabForMoment([])).toBe('planet');
  });

  it('follow the moment, keep the player’s choice until it moves on, and mark the tab that needs them', () => {
    dom.render(<Harness moment="take" wanted="station" />);
    expect(shown()).toBe('station');
    const tabs = dom.host.querySelectorAll('[role="tab"]');
    expect([...tabs].map((t) => t.textContent)).toEqual(['Planet', 'Station', 'Board', 'Players']);
    expect(dom.byTestId('phone-tab-station')?.getAttribute('aria-selected')).toBe('true');
    expect(dom.byTestId('phone-tab-station')?.dataset.attention).toBeUndefined();
    click('board');
    expect(shown()).toBe('board');
    expect(dom.byTestId('phone-tab-board')?.getAttribute('aria-selected')).toBe('true');
    expect(dom.byTestId('phone-tab-station')?.dataset.attention).toBe('true');
    dom.render(<Harness moment="take" wanted="station" />);
    expect(shown()).toBe('board');
    dom.render(<Harness moment="placing" wanted="planet" />);
    expect(shown()).toBe('planet');
  });

  it('move with the arrow keys and leave out Players in a solo game', () => {
    dom.render(<Harness moment="m" wanted="planet" alone />);
    expect(dom.byTestId('phone-tab-players')).toBeNull();
    const planet = dom.byTestId('phone-tab-planet')!;
    act(() => planet.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    expect(shown()).toBe('board');
    expect(document.activeElement).toBe(dom.byTestId('phone-tab-board'));
  });
});

describe('phone tabs in French', () => {
  const fr = domPerTest('fr');
  it('say Planète, Station, Plateau, Joueurs', () => {
    fr.render(<Harness moment="m" wanted="planet" />);
    expect([...fr.host.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual([
      'Planète',
      'Station',
      'Plateau',
      'Joueurs',
    ]);
  });
});
