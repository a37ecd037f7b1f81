// @vitest-environment jsdom
/**
 * The ring's buttons in the DOM: each ghost command has a button named in the reader's language,
 * ✓ on a spot that does not fit says why (and still explains when pressed), and a press on the ring
 * never reaches the planet below (which would move the ghost).
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GhostControls } from '../../client/table/interaction';
import { planetLayout } from '../../client/table/planet-layout';
import { RingControls } from '../../client/table/ring-controls';
import { TILES } from '../../game/data';
import { domPerTest } from './dom';

const tileId = (TILES[0] as (typeof TILES)[number]).id;

function ghost(fits: boolean): GhostControls {
  return {
    tileId,
    at: { orientation: 0, x: 5, y: 5 },
    fits,
    reason: fits ? null : 'Your first tile must cover at least one edge square of the planet.',
    anchors: new Set(),
    preview: null,
    rotate: vi.fn(),
    flip: vi.fn(),
    nudge: vi.fn(),
    moveTo: vi.fn(),
    confirm: vi.fn(),
  };
}

function ring(g: GhostControls, focusPlanet = vi.fn()) {
  return (
    <RingControls
      ghost={g}
      layout={planetLayout(34)}
      scale={1}
      offset={{ left: 0, top: 0 }}
      button={30}
      testid="planet-0"
      onKeyDown={vi.fn()}
      focusPlanet={focusPlanet}
    />
  );
}

const click = (el: Element | null | undefined) => act(() => (el as HTMLButtonElement).click());

describe('the ring of controls', () => {
  const dom = domPerTest('en');

  it('routes every button to the ghost, and focus back to the planet when placing', () => {
    const g = ghost(true);
    const focusPlanet = vi.fn();
    dom.render(ring(g, focusPlanet));
    const names = [...dom.host.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Place here',
      'Rotate right',
      'Rotate left',
      'Flip',
      'Move up',
      'Move down',
      'Move left',
      'Move right',
    ]);
    click(dom.byTestId('ring-rotateCW'));
    click(dom.byTestId('ring-rotateCCW'));
    expect(g.rotate).toHaveBeenNthCalledWith(1, 1);
    expect(g.rotate).toHaveBeenNthCalledWith(2, -1);
    click(dom.byTestId('ring-flip'));
    expect(g.flip).toHaveBeenCalledOnce();
    click(dom.byTestId('ring-left'));
    click(dom.byTestId('ring-down'));
    expect(g.nudge).toHaveBeenNthCalledWith(1, -1, 0);
    expect(g.nudge).toHaveBeenNthCalledWith(2, 0, 1);
    click(dom.byTestId('ring-place'));
    expect(focusPlanet).toHaveBeenCalledOnce();
    expect(g.confirm).toHaveBeenCalledOnce();
    expect(dom.byTestId('ring-place')?.getAttribute('aria-disabled')).toBeNull();
  });

  it('marks ✓ unusable on a spot that does not fit, with the reason, and still explains when pressed', () => {
    const g = ghost(false);
    dom.render(ring(g));
    const place = dom.byTestId('ring-place');
    expect(place?.getAttribute('aria-disabled')).toBe('true');
    expect(place?.getAttribute('title')).toBe(
      'Cannot place the tile here: Your first tile must cover at least one edge square of the planet.',
    );
    click(place);
    expect(g.confirm).toHaveBeenCalledOnce();
  });

  it('keeps its presses from the planet below', () => {
    const onPlanet = vi.fn();
    dom.render(
      <div onPointerDown={onPlanet} onPointerUp={onPlanet} onPointerMove={onPlanet}>
        {ring(ghost(true))}
      </div>,
    );
    act(() => {
      for (const type of ['pointerdown', 'pointermove', 'pointerup'])
        dom.byTestId('ring-flip')?.dispatchEvent(new Event(type, { bubbles: true }));
    });
    expect(onPlanet).not.toHaveBeenCalled();
  });
});

describe('the ring of controls in French', () => {
  const dom = domPerTest('fr');
  it('names its buttons with the French words', () => {
    dom.render(ring(ghost(false)));
    expect(dom.byTestId('ring-rotateCW')?.getAttribute('aria-label')).toBe('Tourner à droite');
    expect(dom.byTestId('ring-place')?.getAttribute('aria-label')).toMatch(
      /^Impossible de poser la tuile ici\u202f: /,
    );
    expect(dom.byTestId('planet-0-ring')?.getAttribute('aria-label')).toMatch(
      /^Commandes de la tuile épinglée\. Tuile en colonne 5/,
    );
  });
});
