// @vitest-environment jsdom
/**
 * Rover moves without a mouse: the reachable squares as one toolbar the arrow keys go through, the
 * path of the focused square written out (and handed to the drawn planet) before Enter moves; the
 * planet grid's reachable squares as buttons that show their path on focus; a touch's first tap
 * previews, the second moves.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Action, CellIndex } from '../../game/core/types';
import { GRID } from '../../game/core/types';
import { playerView } from '../../game/view';
import { MyTurn } from '../../client/actions/MyTurn';
import { nextReachable, RoverControls } from '../../client/actions/RoverControls';
import type { RoverReach } from '../../client/table/interaction';
import { roverTap } from '../../client/table/PlanetCanvas';
import { domPerTest } from './dom';
import { scenario } from '../support/scenario';
import { corporationById } from '../../game/data';
import { cloneDraft } from '../../game/rules/draft';

const dom = domPerTest('en');

const render = dom.render;
const byTestId = (id: string) => {
  const el = dom.host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`No element with data-testid="${id}"`);
  return el;
};
const at = (x: number, y: number): CellIndex => y * GRID + x;
const key = (el: HTMLElement, k: string) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  });

/** Rover 1 at (5, 5), reaching its four neighbours and (5, 3) through (5, 4). */
function fakeReach(target: CellIndex | null = null): RoverReach {
  return {
    rover: 0,
    from: at(5, 5),
    paths: new Map<CellIndex, [number, number][]>([
      [at(5, 4), [[5, 4]]],
      [at(4, 5), [[4, 5]]],
      [at(6, 5), [[6, 5]]],
      [at(5, 6), [[5, 6]]],
      [
        at(5, 3),
        [
          [5, 4],
          [5, 3],
        ],
      ],
    ]),
    move: vi.fn(),
    target,
    preview: vi.fn(),
    rovers: [0],
    choose: vi.fn(),
  };
}

const step = (x: number, y: number): Action => ({ type: 'moveRover', rover: 0, path: [[x, y]] });

describe('arrow keys over the reachable squares', () => {
  const cells = [at(5, 3), at(5, 4), at(4, 5), at(6, 5), at(5, 6)];
  it('left and right follow reading order, up and down the nearest row, Home and End the ends', () => {
    expect(nextReachable(cells, at(4, 5), 'ArrowRight')).toBe(at(6, 5));
    expect(nextReachable(cells, at(4, 5), 'ArrowLeft')).toBe(at(5, 4));
    expect(nextReachable(cells, at(5, 3), 'ArrowLeft')).toBe(at(5, 3));
    expect(nextReachable(cells, at(5, 6), 'ArrowRight')).toBe(at(5, 6));
    expect(nextReachable(cells, at(6, 5), 'ArrowUp')).toBe(at(5, 4));
    expect(nextReachable(cells, at(5, 4), 'ArrowDown')).toBe(at(4, 5));
    expect(nextReachable(cells, at(6, 5), 'ArrowDown')).toBe(at(5, 6));
    expect(nextReachable(cells, at(5, 3), 'ArrowUp')).toBe(at(5, 3));
    expect(nextReachable(cells, at(6, 5), 'Home')).toBe(at(5, 3));
    expect(nextReachable(cells, at(5, 3), 'End')).toBe(at(5, 6));
  });
});

describe('rover controls', () => {
  it('one toolbar, one Tab stop: focus shows the path, arrows move the focus, a press moves', () => {
    const reach = fakeReach();
    const send = vi.fn();
    render(<RoverControls actions={[step(5, 4)]} movement={2} send={send} reach={reach} />);
    const bar = byTestId('rover-reach');
    expect(bar.getAttribute('role')).toBe('toolbar');
    expect(bar.getAttribute('aria-label')).toBe('Squares rover 1 can reach');
    const buttons = [...bar.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Column 5, row 3 · 2',
      'Column 5, row 4 · 1',
      'Column 4, row 5 · 1',
      'Column 6, row 5 · 1',
      'Column 5, row 6 · 1',
    ]);
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('Move rover 1 to column 5, row 3: 2 step(s)');
    expect(buttons.every((b) => b.dataset.action === 'moveRover')).toBe(true);
    expect(byTestId('rover-path').textContent).toBe("Focus or point at a square to see the rover's path.");

    act(() => buttons[0]?.focus());
    expect(reach.preview).toHaveBeenLastCalledWith(at(5, 3));
    key(buttons[0] as HTMLElement, 'ArrowDown');
    expect(document.activeElement).toBe(buttons[1]);
    expect(reach.preview).toHaveBeenLastCalledWith(at(5, 4));
    key(buttons[1] as HTMLElement, 'ArrowRight');
    expect(document.activeElement).toBe(buttons[2]);
    expect(reach.preview).toHaveBeenLastCalledWith(at(4, 5));
    expect(reach.move).not.toHaveBeenCalled();

    act(() => buttons[2]?.click());
    expect(reach.move).toHaveBeenCalledWith(at(4, 5));
    expect(send).not.toHaveBeenCalled();
  });

  it('writes out the path of the previewed square, which holds the Tab stop', () => {
    render(<RoverControls actions={[step(5, 4)]} movement={2} send={vi.fn()} reach={fakeReach(at(5, 3))} />);
    expect(byTestId('rover-path').textContent).toBe(
      'Rover 1 to column 5, row 3 in 2 step(s): column 5, row 4 → column 5, row 3.',
    );
    expect(byTestId('rover-path').getAttribute('aria-live')).toBe('polite');
    expect(byTestId('rover-reach').getAttribute('aria-describedby')).toBe('rover-path-0');
    const previewed = byTestId('rover-0-5-3');
    expect(previewed.tabIndex).toBe(0);
    expect(previewed.className).toBe('previewed');
  });

  it('offers a choice of rover when several can move', () => {
    const reach = { ...fakeReach(), rovers: [0, 1] };
    render(<RoverControls actions={[step(5, 4)]} movement={2} send={vi.fn()} reach={reach} />);
    expect(byTestId('rover-choose-0').getAttribute('aria-pressed')).toBe('true');
    act(() => byTestId('rover-choose-1').click());
    expect(reach.choose).toHaveBeenCalledWith(1);
  });

  it('without a reach on the planet, one button per legal single step', () => {
    const send = vi.fn();
    render(<RoverControls actions={[step(5, 4), step(4, 5)]} movement={1} send={send} />);
    expect(dom.host.querySelector('[data-testid="rover-reach"]')).toBeNull();
    act(() => byTestId('rover-0-4-5').click());
    expect(send).toHaveBeenCalledWith(step(4, 5));
  });
});

describe('touch on the drawn planet', () => {
  it('a first tap on a reachable square previews it, a second moves; a mouse click moves at once', () => {
    const reach = fakeReach();
    expect(roverTap(reach, at(5, 3), 'touch')).toBe('preview');
    expect(roverTap(reach, at(5, 3), 'pen')).toBe('preview');
    expect(roverTap(reach, at(5, 3), 'mouse')).toBe('cell');
    expect(roverTap({ ...reach, target: at(5, 3) }, at(5, 3), 'touch')).toBe('cell');
    // Out of reach: the planet's usual answer (another rover, or why not).
    expect(roverTap(reach, at(0, 0), 'touch')).toBe('cell');
  });
});

describe('a real turn with movement 2', () => {
  /** Rover 1 at (10, 5) with 2 movement in the pool (§5.10.3, R2). */
  function withMovement() {
    const g = scenario({ players: 1 })
      .depot('0', { small: 'i-water-rover' })
      .tile('0', 'I-civ-energy', { orientation: 0, x: 10, y: 4 })
      .rover('0', 0, [10, 5])
      .tracker('0', 'rover', 3)
      .start();
    g.take('0').place('0', 0, 10, 7).resolve('0', 'advance', undefined, 'rover');
    return g;
  }

  it('the toolbar and the planet grid both preview the path before moving', () => {
    const g = withMovement();
    expect(g.draft('0').movement).toBe(2);
    const sent: Action[] = [];
    const view = () => playerView(g.state, '0');
    const page = () => <MyTurn G={view()} player="0" name="Ada" send={(a) => sent.push(a)} />;
    render(page());
    const buttons = [...byTestId('rover-reach').querySelectorAll('button')];
    const far = buttons.find((b) => b.textContent?.endsWith('· 2'));
    if (!far) throw new Error('No square two steps away');
    act(() => far.focus());
    expect(byTestId('rover-path').textContent).toMatch(
      /^Rover 1 to column \d+, row \d+ in 2 step\(s\): column \d+, row \d+ → /,
    );
    expect(far.className).toBe('previewed');
    // The grid's reachable squares are buttons too; focusing one previews its path.
    const [, x, y] = /Column (\d+), row (\d+)/.exec(far.textContent ?? '') ?? [];
    const cell = byTestId(`planet-0-cell-${x}-${y}`);
    expect(cell.dataset.action).toBe('moveRover');
    expect(cell.textContent).toMatch(/Move rover 1 here \(2 step\(s\)\)$/);
    const near = byTestId('planet-0-cell-9-5');
    act(() => near.focus());
    expect(byTestId('rover-path').textContent).toBe(
      'Rover 1 to column 9, row 5 in 1 step(s): column 9, row 5.',
    );
    expect(sent).toEqual([]);

    // Enter on a toolbar button (its click) moves along the shown path.
    act(() => far.click());
    expect(sent).toHaveLength(1);
    const move = sent[0] as Extract<Action, { type: 'moveRover' }>;
    expect(move).toMatchObject({ type: 'moveRover', rover: 0 });
    expect(move.path).toHaveLength(2);
    expect(move.path.at(-1)).toEqual([Number(x), Number(y)]);
  });
});

describe('a walk with a choice on the way (Horizon Group tech 4, §8.2)', () => {
  it('a click on a far square stops the rover on the first water square it reaches carrying a meteorite', () => {
    const horizon = corporationById('horizon-group');
    // Row 5: a water–rover tile at (4,5)–(7,5), a meteorite at (3,5), rover 1 at (2,5), tech 4 unlocked.
    const g = scenario({ players: 1, setupData: { seats: [{ corporation: 'horizon-group' }] } })
      .tile('0', 'I4-water-rover', { orientation: 0, x: 4, y: 5 })
      .rover('0', 0, [2, 5])
      .meteorite('0', [3, 5])
      .tracker('0', 'tech', horizon.techUnlock.milestoneRows![3]!)
      .start();
    const turn = g.state.private['0']!.turn!;
    turn.draft.movement = 4;
    turn.origin = cloneDraft(turn.draft);
    const sent: Action[] = [];
    render(<MyTurn G={playerView(g.state, '0')} player="0" name="Ada" send={(a) => sent.push(a)} />);
    act(() => byTestId('planet-0-cell-6-5').click());
    expect(sent).toEqual([
      {
        type: 'moveRover',
        rover: 0,
        path: [
          [3, 5],
          [4, 5],
        ],
      },
    ]);
  });
});
