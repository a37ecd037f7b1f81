// @vitest-environment jsdom
/**
 * The placement controls in the DOM: every ghost action has a labelled button, the preview is
 * shown only for a spot that fits, and without a drawing context the planet falls back to the grid.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../client/i18n';
import { PlacementPicker } from '../../client/actions/PlacementPicker';
import type { GhostControls, PlacementTask } from '../../client/table/interaction';
import { CanvasSlot } from '../../client/table/CanvasSlot';
import { TILES } from '../../game/data';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

function render(node: React.ReactNode): HTMLDivElement {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  return container;
}

const tileId = (TILES[0] as (typeof TILES)[number]).id;

function ghost(fits: boolean): GhostControls {
  return {
    tileId,
    at: { orientation: 1, x: 4, y: 6 },
    fits,
    reason: fits ? null : '(4, 6) is already covered (§4.1).',
    anchors: new Set([6 * 12 + 4]),
    preview: fits
      ? {
          advances: [{ track: 'civ', steps: 1 }],
          energy: [],
          waterOnIce: false,
          meteoriteLands: true,
          lifepodsDestroyed: 1,
          roversDestroyed: [],
        }
      : null,
    rotate: vi.fn(),
    flip: vi.fn(),
    nudge: vi.fn(),
    moveTo: vi.fn(),
    confirm: vi.fn(),
  };
}

function picker(g: GhostControls) {
  const task: PlacementTask = {
    tileId,
    placements: [],
    place: vi.fn(),
    purpose: 'Place the tile you took',
    ghost: g,
  };
  return (
    <PlacementPicker
      task={task}
      orientation={g.at.orientation}
      setOrientation={vi.fn()}
      orientationsWithSpots={[1]}
    />
  );
}

const click = (el: Element | null) => act(() => (el as HTMLButtonElement).click());

describe('placement controls', () => {
  it('route every button to the ghost', () => {
    const g = ghost(true);
    const dom = render(picker(g));
    click(dom.querySelector('[data-testid="orient-cw"]'));
    click(dom.querySelector('[data-testid="orient-ccw"]'));
    click(dom.querySelector('[data-testid="orient-flip"]'));
    click(dom.querySelector('[data-testid="ghost-left"]'));
    click(dom.querySelector('[data-testid="ghost-down"]'));
    click(dom.querySelector('[data-testid="ghost-confirm"]'));
    expect(g.rotate).toHaveBeenNthCalledWith(1, 1);
    expect(g.rotate).toHaveBeenNthCalledWith(2, -1);
    expect(g.flip).toHaveBeenCalledOnce();
    expect(g.nudge).toHaveBeenNthCalledWith(1, -1, 0);
    expect(g.nudge).toHaveBeenNthCalledWith(2, 0, 1);
    expect(g.confirm).toHaveBeenCalledOnce();
    // Every button has a name, and validity is written, not only coloured.
    for (const b of dom.querySelectorAll('button'))
      expect(b.getAttribute('aria-label') ?? b.textContent?.trim()).toBeTruthy();
    expect(dom.querySelector('[data-testid="ghost-confirm"]')?.textContent).toMatch(/^✓/);
    const preview = dom.querySelector('[data-testid="ghost-preview"]')?.textContent ?? '';
    expect(preview).toMatch(/Civilisation tracker \+1/);
    expect(preview).toMatch(/water not on ice/);
    expect(preview).toMatch(/meteorite lands/);
    expect(preview).toMatch(/1 lifepod\(s\) destroyed/);
  });

  it('mark a spot that does not fit and show no preview', () => {
    const dom = render(picker(ghost(false)));
    const confirm = dom.querySelector('[data-testid="ghost-confirm"]');
    expect(confirm?.textContent).toMatch(/^✗/);
    expect(confirm?.getAttribute('aria-disabled')).toBe('true');
    expect(dom.querySelector('[data-testid="ghost-preview"]')).toBeNull();
  });

  it('fall back to the DOM when the browser cannot draw', () => {
    // jsdom has no canvas contexts: the slot shows its fallback and never loads pixi.
    const dom = render(
      <CanvasSlot fallback={<p data-testid="fallback">grid</p>}>
        <p data-testid="scene">scene</p>
      </CanvasSlot>,
    );
    expect(dom.querySelector('[data-testid="fallback"]')).not.toBeNull();
    expect(dom.querySelector('[data-testid="scene"]')).toBeNull();
  });
});
