// @vitest-environment jsdom
/**
 * Every player, every input, without a browser: the planet's squares as one tab stop with the
 * arrows, Home and End inside; the focus handed on when a step removes the focused control; the
 * live region's sentences (others' turns, a new round, your turn) and what a keyboard-moved ghost
 * would gain, said once it rests.
 */
import { act, useRef, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRID, type CellIndex, type GameState, type PlayerID } from '../../game/core/types';
import { playGame } from '../../game/sim';
import { initialGameState } from '../../game/match';
import { PlanetGrid, gridKeyTarget } from '../../client/board/PlanetGrid';
import { useFocusKeeper } from '../../client/actions/focus-next';
import {
  Announcer,
  GHOST_PAUSE_MS,
  announce,
  announcements,
  gainsText,
  useGhostGainsAnnouncement,
} from '../../client/table/Announcer';
import type { GhostControls, GridInteraction } from '../../client/table/interaction';
import { i18next } from '../../client/i18n';
import { domPerTest } from './dom';

const dom = domPerTest('en');
const t = () => i18next.getFixedT('en', 'table');
const at = (x: number, y: number): CellIndex => y * GRID + x;
const frames = async (n = 3) => {
  for (let i = 0; i < n; i++)
    await act(async () => {
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    });
};
const key = (el: Element, k: string, ctrlKey = false) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, ctrlKey, bubbles: true, cancelable: true }));
  });

describe('the planet grid is one tab stop', () => {
  it('moves among clickable squares with the arrows, Home and End, and stops at the edge', () => {
    const only = new Set([at(2, 1), at(5, 1), at(5, 4), at(9, 1), at(0, 11)]);
    const clickable = (c: CellIndex) => only.has(c);
    expect(gridKeyTarget('ArrowRight', false, at(2, 1), clickable)).toBe(at(5, 1));
    expect(gridKeyTarget('ArrowDown', false, at(5, 1), clickable)).toBe(at(5, 4));
    expect(gridKeyTarget('ArrowUp', false, at(5, 1), clickable)).toBeNull();
    expect(gridKeyTarget('ArrowLeft', false, at(2, 1), clickable)).toBeNull();
    expect(gridKeyTarget('End', false, at(2, 1), clickable)).toBe(at(9, 1));
    expect(gridKeyTarget('Home', false, at(9, 1), clickable)).toBe(at(2, 1));
    expect(gridKeyTarget('Home', false, at(2, 1), clickable)).toBeNull();
    expect(gridKeyTarget('End', true, at(2, 1), clickable)).toBe(at(0, 11));
    expect(gridKeyTarget('Home', true, at(0, 11), clickable)).toBe(at(2, 1));
    expect(gridKeyTarget('a', false, at(2, 1), clickable)).toBeNull();
  });

  it('gives the tab stop to the first legal square, and the arrows carry it and the focus', () => {
    const board = initialGameState(1, 'grid-keys').boards['0']!;
    const clicked: [number, number][] = [];
    const interaction: GridInteraction = {
      marks: new Map([[at(6, 3), { label: 'Place the tile here', legal: true, action: 'place' }]]),
      allClickable: true,
      onCell: (x, y) => clicked.push([x, y]),
    };
    dom.render(
      <PlanetGrid board={board} caption="Ada's planet" testid="planet-0" interaction={interaction} />,
    );
    const grid = dom.byTestId('planet-0')!;
    expect(grid.getAttribute('role')).toBe('grid');
    expect(grid.querySelectorAll('button')).toHaveLength(GRID * GRID);
    const stops = () => [...grid.querySelectorAll<HTMLElement>('button[tabindex="0"]')];
    expect(stops().map((b) => b.dataset.testid)).toEqual(['planet-0-cell-6-3']);
    // Named by words, the letters hidden from assistive technology.
    expect(stops()[0]!.hasAttribute('aria-label')).toBe(false);
    expect(stops()[0]!.textContent).toMatch(/Column 6, row 3: .*Place the tile here$/);

    act(() => stops()[0]!.focus());
    key(document.activeElement!, 'ArrowRight');
    expect((document.activeElement as HTMLElement).dataset.testid).toBe('planet-0-cell-7-3');
    expect(stops().map((b) => b.dataset.testid)).toEqual(['planet-0-cell-7-3']);
    key(document.activeElement!, 'End');
    expect((document.activeElement as HTMLElement).dataset.testid).toBe('planet-0-cell-11-3');
    key(document.activeElement!, 'Home', true);
    expect((document.activeElement as HTMLElement).dataset.testid).toBe('planet-0-cell-0-0');
    expect(stops()).toHaveLength(1);
    act(() => (document.activeElement as HTMLElement).click());
    expect(clicked).toEqual([[0, 0]]);
  });

  it('is a plain table without buttons when nothing is to be clicked', () => {
    const board = initialGameState(1, 'grid-keys').boards['0']!;
    dom.render(<PlanetGrid board={board} caption="Ada's planet" testid="planet-0" />);
    expect(dom.byTestId('planet-0')!.hasAttribute('role')).toBe(false);
    expect(dom.byTestId('planet-0')!.querySelectorAll('button')).toHaveLength(0);
  });
});

function Area({ children }: { children: ReactNode }) {
  const area = useRef<HTMLElement>(null);
  useFocusKeeper(area);
  return (
    <section data-testid="my-turn" ref={area}>
      <h2>Ada: your move</h2>
      {children}
    </section>
  );
}

describe('the focus never falls to the page', () => {
  it('goes to the next control when a step removes the focused one, else to the heading', async () => {
    dom.render(
      <Area>
        <button type="button" data-action="takeTile" data-testid="take">
          Take
        </button>
      </Area>,
    );
    await frames();
    // Opened with the focus on the page: it goes to the first control.
    expect((document.activeElement as HTMLElement).dataset.testid).toBe('take');
    dom.render(
      <Area>
        <button type="button" data-action="resolve" data-testid="gain">
          Advance
        </button>
      </Area>,
    );
    await frames();
    expect((document.activeElement as HTMLElement).dataset.testid).toBe('gain');
    dom.render(
      <Area>
        <button type="button" data-action="confirm" disabled>
          Confirm
        </button>
      </Area>,
    );
    await frames();
    expect(document.activeElement?.tagName).toBe('H2');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('offers the planet’s text view when the squares to choose are behind its toggle', async () => {
    dom.render(
      <Area>
        <button type="button" data-action="resolve" data-testid="gain">
          New rover
        </button>
      </Area>,
    );
    await frames();
    expect((document.activeElement as HTMLElement).dataset.testid).toBe('gain');
    dom.render(
      <Area>
        <details data-testid="text-view">
          <summary>Show the planet as a table</summary>
          <button type="button" data-action="resolve">
            (2, 2)
          </button>
        </details>
      </Area>,
    );
    await frames();
    expect(document.activeElement?.tagName).toBe('SUMMARY');
  });

  it('leaves a click on the page background alone', async () => {
    dom.render(
      <Area>
        <button type="button" data-action="takeTile" data-testid="take">
          Take
        </button>
        <p data-testid="text">Words</p>
      </Area>,
    );
    await frames();
    act(() => (document.activeElement as HTMLElement).blur());
    dom.render(
      <Area>
        <button type="button" data-action="takeTile" data-testid="take">
          Take
        </button>
        <p data-testid="text">Other words</p>
      </Area>,
    );
    await frames();
    expect(document.activeElement).toBe(document.body);
  });
});

describe('the live region', () => {
  /** A two-player game's states after each action, to find moments in. */
  const states: GameState[] = [];
  playGame({
    numPlayers: 2,
    seed: 'announcer',
    onAction: (state) => states.push(structuredClone(state)),
  });
  const names = { '0': 'Ada', '1': 'Cadet Vega' };
  const pairs = states.slice(1).map((after, i) => [states[i]!, after] as const);
  const said = (player: PlayerID | null) =>
    pairs.map(([before, after]) => announcements(t(), before, after, player, names));

  it('says the new round, the other players’ turns with their gains, and your turn', () => {
    const forAda = said('0').flat();
    expect(forAda).toContain('Round 2 begins');
    expect(forAda).toContain('Cadet Vega has confirmed their turn');
    expect(forAda.some((l) => /^Cadet Vega placed a tile \(/.test(l))).toBe(true);
    expect(forAda.some((l) => /^Your turn: /.test(l))).toBe(true);
    // Never her own turn read back to her.
    expect(forAda.some((l) => l.startsWith('Ada '))).toBe(false);
    expect(
      said(null)
        .flat()
        .some((l) => l.startsWith('Ada placed a tile (')),
    ).toBe(true);
  });

  it('words gains with signs and counts', () => {
    expect(gainsText(t(), { tracks: { water: 2, tech: -1 }, lifepods: 1, meteorites: 2 })).toBe(
      'Water +2, Tech -1, 1 lifepod, 2 meteorites',
    );
    expect(gainsText(t(), undefined)).toBe('');
  });

  it('speaks a new state, and what other parts announce', () => {
    const [before, after] = pairs.find(([b, a]) => a.round === 2 && b.round === 1)!;
    dom.render(<Announcer G={before} player="0" names={names} />);
    const region = dom.byTestId('announcer')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    dom.render(<Announcer G={after} player="0" names={names} />);
    expect(region.textContent).toMatch(/Round 2 begins/);
    act(() => announce('Placed here, the tile would give: Water +1'));
    expect(region.textContent).toBe('Placed here, the tile would give: Water +1');
  });
});

describe('what a keyboard-moved ghost would gain', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const ghostAt = (x: number): GhostControls => ({
    tileId: 1,
    at: { orientation: 0, x, y: 3 },
    fits: true,
    reason: null,
    anchors: new Set(),
    preview: {
      advances: [{ track: 'tech', steps: 1 }],
      energy: [],
      waterOnIce: null,
      meteoriteLands: false,
      lifepodsDestroyed: 0,
      roversDestroyed: [],
    },
    rotate: () => {},
    flip: () => {},
    nudge: () => {},
    moveTo: () => {},
    confirm: () => {},
  });
  let moved = () => {};
  function Ghost({ ghost }: { ghost: GhostControls }) {
    moved = useGhostGainsAnnouncement(ghost);
    return null;
  }

  it('is said once the ghost rests after keys, never after the pointer', () => {
    vi.useFakeTimers();
    const G = initialGameState(1, 'ghost');
    dom.render(
      <>
        <Announcer G={G} player="0" />
        <Ghost ghost={ghostAt(2)} />
      </>,
    );
    const region = dom.byTestId('announcer')!;
    // The pointer moves it: nothing said.
    dom.render(
      <>
        <Announcer G={G} player="0" />
        <Ghost ghost={ghostAt(3)} />
      </>,
    );
    act(() => vi.advanceTimersByTime(GHOST_PAUSE_MS * 2));
    expect(region.textContent).toBe('');
    // Two key presses in a row: said once, after the pause.
    for (const x of [4, 5]) {
      moved();
      dom.render(
        <>
          <Announcer G={G} player="0" />
          <Ghost ghost={ghostAt(x)} />
        </>,
      );
      act(() => vi.advanceTimersByTime(GHOST_PAUSE_MS / 2));
      expect(region.textContent).toBe('');
    }
    act(() => vi.advanceTimersByTime(GHOST_PAUSE_MS));
    expect(region.textContent).toMatch(/^Placed here, the tile would give: .*Tech/);
  });
});
