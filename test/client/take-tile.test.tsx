// @vitest-environment jsdom
/**
 * Taking a tile by clicking it: the picker draws the depot's two tiles as buttons named in plain
 * words, a tile the rules do not list is greyed out with the engine's reason and sends nothing, the
 * takeable one comes first; the drawn station offers the same two tiles at the viewer's depot, turned
 * to the bottom, and a click on the station by someone who is not turning it refuses nothing.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Action } from '../../game/core/types';
import { cellIndex, cellX, cellY, planetGeometry } from '../../game/rules/board';
import { planetById } from '../../game/data';
import { playerView } from '../../game/view';
import { MyTurn } from '../../client/actions/MyTurn';
import { StationView } from '../../client/table/StationView';
import { takeChoices } from '../../client/table/take-choices';
import { BOTTOM_SLOT, mod6 } from '../../client/table/station-geometry';
import { domPerTest } from './dom';
import { scenario } from '../support/scenario';

// The station's drawing needs WebGL; a bare canvas stands in so its buttons and pointer path run.
vi.mock('../../client/table/CanvasSlot', () => ({
  canDrawCanvas: () => true,
  CanvasSlot: () => <canvas width={460} height={460} />,
}));

const dom = domPerTest('en');

/** KSB-4156 covered by patches except two squares: the straight small tile fits, the large does not. */
function onlySmallFits() {
  const keep = new Set([cellIndex(5, 5), cellIndex(5, 6)]);
  const covered = planetGeometry(planetById('ksb-4156'))
    .squares.filter((c) => !keep.has(c))
    .map((c) => [cellX(c), cellY(c)] as [number, number]);
  return scenario({ players: 1 })
    .patch('0', ...covered)
    .depot('0', { small: 'i-water-rover', large: 'N-civ-energy' })
    .start();
}

function table(send: (a: Action) => void) {
  const g = onlySmallFits();
  const view = playerView(g.state, '0');
  dom.render(
    <>
      <MyTurn G={view} player="0" name="Ada" send={send} />
      <StationView G={view} viewer="0" />
    </>,
  );
  return view;
}

describe('taking a tile by clicking it', () => {
  it('draws both tiles in the picker; the one that fits nowhere is greyed out with the reason', () => {
    const sent: Action[] = [];
    table((a) => sent.push(a));
    const buttons = [
      ...(dom.byTestId('take-controls')?.querySelectorAll<HTMLButtonElement>('button.tile-button') ?? []),
    ];
    expect(buttons.map((b) => b.dataset.testid)).toEqual(['take-small', 'take-large']);
    const [small, large] = buttons;
    expect(small?.getAttribute('aria-label')).toMatch(
      /^small · \d+ left: Take the small tile: water and rover, 2 squares side by side$/,
    );
    expect(small?.querySelector('svg.tile-shape')).not.toBeNull();
    expect(large?.getAttribute('aria-disabled')).toBe('true');
    expect(large?.hasAttribute('data-action')).toBe(false);
    expect(dom.byTestId('take-large-reason')?.textContent).toMatch(/must take a tile you can place/);
    expect(dom.byTestId('take-large-reason')?.textContent).not.toContain('§');

    act(() => large?.click());
    expect(sent).toEqual([]);
    act(() => small?.click());
    expect(sent).toEqual([{ type: 'takeTile', stack: 'small' }]);
  });

  it('offers the takeable tile first', () => {
    const view = playerView(onlySmallFits().state, '0');
    const order = takeChoices(view, '0', [{ type: 'takeTile', stack: 'large' }]).map((c) => c.stack);
    expect(order).toEqual(['large', 'small']);
  });

  it('offers the same tiles on the station, with the viewer’s depot at the bottom', () => {
    const sent: Action[] = [];
    const view = table((a) => sent.push(a));
    const station = dom.byTestId('station-canvas');
    const turn = Number(station?.dataset.viewTurn);
    expect(mod6((view.positions[0] ?? 0) + turn)).toBe(BOTTOM_SLOT);

    const large = dom.byTestId('station-take-large');
    expect(large?.getAttribute('aria-label')).toBe('Take the large tile: civ and energy, an N of 5 squares');
    act(() => large?.click());
    expect(sent).toEqual([]);
    expect(dom.byTestId('station-message')?.textContent).toMatch(/must take a tile you can place/);

    act(() => dom.byTestId('station-take-small')?.click());
    expect(sent).toEqual([{ type: 'takeTile', stack: 'small' }]);
  });

  it('never tells someone who is not turning the station that they may not turn it', () => {
    table(() => undefined);
    const station = dom.byTestId('station-canvas') as HTMLElement;
    const canvas = station.querySelector('canvas') as HTMLCanvasElement;
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, width: 460, height: 460 }) as DOMRect;
    for (const type of ['pointerdown', 'pointerup']) {
      act(() => {
        station.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: 230, clientY: 40 }));
      });
    }
    expect(dom.byTestId('station-message')).toBeNull();
    expect(dom.host.textContent).not.toMatch(/commander/i);
  });
});
