// @vitest-environment jsdom
/**
 * A restriction lifted for the turn (R10, §4.8): when the planet's or the event's restriction
 * leaves no tile of the depot a place and the tile is taken anyway, the turn says so in plain
 * words (the ruling only behind "why?"), and the planet's rule and the event are marked lifted;
 * without a waiver, or for anyone else, nothing is said.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../game/core/types';
import { playerView } from '../../game/view';
import { MyTurn } from '../../client/actions/MyTurn';
import { PlanetRulePanel } from '../../client/table/PlanetRulePanel';
import { EventPanel } from '../../client/table/EventPanel';
import { coverAllBut, onPlanet } from '../planets/support';
import { reveal, withEvents } from '../events/support';
import { domPerTest, type Dom } from './dom';

/** K-273 bare only at a lifepod square (land) beside an ice square: the domino fits only across both. */
function k273Hemmed() {
  return coverAllBut(onPlanet('k-273'), 'k-273', [
    [8, 3],
    [9, 3],
  ])
    .depot('0', { small: 'i-civ-energy', large: 'I4-civ-energy' })
    .start();
}

function table(dom: Dom, G: GameState) {
  dom.render(
    <>
      <MyTurn G={G} player="0" name="Ada" send={() => {}} />
      <PlanetRulePanel G={G} player="0" />
      <EventPanel G={G} player="0" />
    </>,
  );
}

describe('a planet rule lifted for the turn (R10)', () => {
  const dom = domPerTest('en');

  it("says so in the turn and marks the planet's rule, the ruling behind why?", () => {
    const g = k273Hemmed();
    g.take('0', 'small');
    expect(g.draft('0').planetRestrictionWaived).toBe(true);
    table(dom, playerView(g.state, '0'));

    const note = dom.byTestId('waiver-planet');
    expect(note?.textContent).toBe(
      "No tile of your depot fits under K-273's rule: it is lifted for this turn. why?",
    );
    expect(note?.closest('[data-testid="my-turn"]')).not.toBeNull();
    const why = note?.querySelector<HTMLButtonElement>('button.why');
    expect(why?.title).toBe('Rule R10');
    act(() => why?.click());
    expect(note?.textContent).toContain('Rule R10');

    const rule = dom.byTestId('planet-rule-k-273');
    expect(rule?.getAttribute('data-waived')).toBe('yes');
    expect(dom.byTestId('planet-rule-waived')?.textContent).toMatch(
      /^Lifted for your turn: no tile of your depot fits under this rule\. why\?$/,
    );
    expect(dom.byTestId('waiver-event')).toBeNull();
  });

  it('says nothing before the tile is taken, nor to a spectator', () => {
    const g = k273Hemmed();
    table(dom, playerView(g.state, '0'));
    expect(dom.byTestId('waivers')).toBeNull();
    expect(dom.byTestId('planet-rule-waived')).toBeNull();

    g.take('0', 'small');
    dom.render(<PlanetRulePanel G={playerView(g.state, null)} player={null} />);
    expect(dom.byTestId('planet-rule-k-273')?.hasAttribute('data-waived')).toBe(false);
    expect(dom.byTestId('planet-rule-waived')).toBeNull();
  });

  it('names the event whose restriction is lifted, and marks the event (Stay Off the Edge on a first tile, §4.3)', () => {
    const g = reveal(withEvents().depot('0', { small: 'i-biomass-civ' }), 103);
    g.take('0');
    expect(g.draft('0').restrictionWaived).toBe(true);
    table(dom, playerView(g.state, '0'));
    expect(dom.byTestId('waiver-event')?.textContent).toMatch(
      /^No tile of your depot fits under this round's event \(.+\): its restriction is lifted for this turn\. why\?$/,
    );
    expect(dom.byTestId('event-waived')?.textContent).toMatch(/^Lifted for your turn/);
    expect(dom.byTestId('waiver-planet')).toBeNull();
  });
});

describe('in French', () => {
  const dom = domPerTest('fr');

  it('says it in French, without the rule number in the sentence', () => {
    const g = k273Hemmed();
    g.take('0', 'small');
    table(dom, playerView(g.state, '0'));
    const text = dom.byTestId('waiver-planet')?.textContent ?? '';
    expect(text).toMatch(
      /^Aucune tuile de votre Dépôt ne peut se poser selon la règle de K-273\u202f: elle est levée pour ce tour\./,
    );
    expect(text).not.toMatch(/R10|§/);
    expect(dom.byTestId('planet-rule-waived')?.textContent).toMatch(/^Levée pour votre tour\u202f:/);
  });
});
