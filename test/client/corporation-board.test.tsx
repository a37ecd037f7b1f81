// @vitest-environment jsdom
/**
 * Each corporation board drawn as its own board (§8.2), from its data and the board's state: Oasis's
 * winding water path, Wormhole's two-option boxes, Jump Drive's tech slots and Cosmos's parked
 * lifepods (R32), the flux token, Makeshift's trackers on other columns, the rover bay and carried
 * meteorites; a tracker's destination and a lifepod's spot picked on the board or in the controls
 * (R7); powers offered exactly as the engine lists them; every tech's text in English and French.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Action, PlayerBoard } from '../../game/core/types';
import { applyAction, legalActions } from '../../game/engine';
import { corporationById, CORPORATIONS, objectiveById } from '../../game/data';
import { trackMedals } from '../../game/rules/scoring';
import { playerView } from '../../game/view';
import { setLanguage } from '../../client/i18n';
import { contentText } from '../../client/i18n/content-text';
import { i18next } from '../../client/i18n';
import { MyTurn } from '../../client/actions/MyTurn';
import { AbilityControls } from '../../client/actions/AbilityControls';
import { CorporationBoard, TrackerSummary } from '../../client/board';
import { PlanetGrid } from '../../client/board/PlanetGrid';
import { corporationChoiceLabel } from '../../client/i18n/labels';
import { domPerTest } from './dom';
import { scenario, type Scenario } from '../support/scenario';

const dom = domPerTest('en');
const byTestId = dom.byTestId;
const click = (el: Element | null | undefined) => {
  if (!el) throw new Error('No element to click');
  act(() => (el as HTMLElement).click());
};
const dealt = (corporation: string, players = 1): Scenario =>
  scenario({ players, setupData: { seats: Array.from({ length: players }, () => ({ corporation })) } });
const same = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

/** Render the player's turn; every action a click sends must be one the engine lists, and be accepted. */
function renderTurn(g: ReturnType<Scenario['start']>) {
  const send = vi.fn<(a: Action) => void>();
  const view = playerView(g.state, '0');
  dom.render(<MyTurn G={view} player="0" name="Ada" send={send} />);
  const sent = () => {
    const a = send.mock.calls.at(-1)?.[0];
    if (!a) throw new Error('Nothing was sent');
    expect(legalActions(view, '0').some((l) => same(l, a))).toBe(true);
    expect(applyAction(g.state, '0', a)).toBeNull();
    return a;
  };
  return { send, sent };
}

describe('boards drawn from their data (§8.2)', () => {
  it('Oasis Ultd.: the water path winds across the other columns, and the water tracker stands on the biomass column', () => {
    const s = dealt('oasis-ultd');
    s.board('0').trackers.water = { col: 'biomass', row: 2 };
    const board = s.start().board('0');
    dom.render(<CorporationBoard board={board} testid="corp-0" />);
    const water = byTestId('corp-0-tracker-water');
    expect(water?.dataset.col).toBe('biomass');
    expect(water?.getAttribute('aria-label')).toBe('Water tracker on the Biomass column, level 2');
    // Every square of the path carries its step; one on another column says what it gives the water tracker.
    const path = (corporationById('oasis-ultd').extra.trackShape as { path: unknown[] }).path;
    expect(dom.host.querySelectorAll('[data-path-step]')).toHaveLength(path.length);
    expect(byTestId('corp-0-square-rover-3')?.getAttribute('aria-label')).toBe(
      'Rover level 3: 1 rover move(s); Water path, step 3: 1 rover move(s)',
    );
    expect(byTestId('corp-0-path')?.textContent).toBe('Water path: step 2 of 23');
    expect(byTestId('corp-0-path-line')?.querySelectorAll('polyline')).toHaveLength(2);
    // The rules score the path's water medals: the total is theirs, never a per-column guess.
    expect(byTestId('corp-0-medals')?.textContent).toBe(
      `Track medals now: ${trackMedals(board, corporationById('oasis-ultd'))}`,
    );
    expect(byTestId('corp-0-medal-water')).toBeNull();
  });

  it('Wormhole Corp.: the biomass column is five two-option boxes with medals printed between them', () => {
    const board = dealt('wormhole-corp').start().board('0');
    dom.render(<CorporationBoard board={board} testid="corp-0" />);
    expect(byTestId('corp-0-square-biomass-2')?.dataset.box).toBe('1');
    expect(byTestId('corp-0-square-biomass-2')?.className).toContain('corp-box-lower');
    expect(byTestId('corp-0-square-biomass-3')?.className).toContain('corp-box-upper');
    expect(byTestId('corp-0-square-biomass-5')?.getAttribute('aria-label')).toBe(
      'Biomass level 5: advance Civilisation; box 2, lower option (one of two)',
    );
    expect(byTestId('corp-0-square-biomass-4')?.getAttribute('aria-label')).toBe(
      'Biomass: 1 medal(s), printed between the squares',
    );
  });

  it('Jump Drive: six tech slots A–F, a lifepod on slot B unlocks tech B (R32)', () => {
    const s = dealt('jump-drive');
    s.board('0').corp.parkedLifepods = ['slot:1'];
    s.board('0').collected.lifepods = 1;
    const board = s.start().board('0');
    dom.render(<CorporationBoard board={board} testid="corp-0" />);
    const slots = [0, 1, 2, 3, 4, 5].map((k) => byTestId(`corp-0-techs-slot-${k}`)?.textContent);
    expect(slots[0]).toContain('slot A: empty');
    expect(slots[1]).toContain('slot B: lifepod placed');
    expect(byTestId('corp-0-techs-2')?.dataset.unlocked).toBe('true');
    expect(byTestId('corp-0-techs-1')?.dataset.unlocked).toBe('false');
    expect(byTestId('corp-0-lifepods')?.textContent).toBe('Lifepods: 0 in the scoring area, 1 on the board');
  });

  it('Cosmos Inc.: a parked lifepod shows on its square; Flux: the token on its column', () => {
    const s = dealt('cosmos-inc');
    s.board('0').corp.parkedLifepods = ['civ:4'];
    s.board('0').collected.lifepods = 2;
    dom.render(<CorporationBoard board={s.start().board('0')} testid="corp-0" />);
    expect(byTestId('corp-0-lifepod-civ-4')).not.toBeNull();
    expect(byTestId('corp-0-square-civ-4')?.getAttribute('aria-label')).toBe(
      'Civilisation level 4: no reward; a lifepod rests here',
    );
    expect(byTestId('corp-0-lifepods')?.textContent).toBe('Lifepods: 1 in the scoring area, 1 on the board');

    const f = dealt('flux-industries');
    dom.render(<CorporationBoard board={f.start().board('0')} testid="corp-1" />);
    expect(byTestId('corp-1-flux')?.textContent).toBe('Flux token: not placed yet');
    const withToken = { ...f.board('0'), corp: { ...f.board('0').corp, fluxTrack: 'water' as const } };
    dom.render(<CorporationBoard board={withToken} testid="corp-1" />);
    expect(byTestId('corp-1-flux')?.textContent).toBe('Flux token: Water');
    expect(byTestId('corp-1-flux-water')).not.toBeNull();
  });

  it('Makeshift: a tracker drawn on the column it occupies, not its colour; Horizon: the bay and carried meteorites', () => {
    const s = dealt('makeshift');
    s.board('0').trackers.civ = { col: 'water', row: 2 };
    dom.render(<CorporationBoard board={s.start().board('0')} testid="corp-0" />);
    expect(byTestId('corp-0-tracker-civ')?.dataset.col).toBe('water');
    expect(byTestId('corp-0-tracker-civ')?.getAttribute('aria-label')).toBe(
      'Civilisation tracker on the Water column, level 2',
    );
    dom.render(<TrackerSummary board={s.board('0')} name="Ada" testid="summary" />);
    expect(byTestId('summary-civ')?.textContent).toContain('Civilisation 2/15 (on the Water column)');

    const h = dealt('horizon-group');
    h.rover('0', 0, [5, 5]);
    h.board('0').corp.carrying = [0];
    h.meteorite('0', [5, 5]);
    dom.render(<CorporationBoard board={h.start().board('0')} testid="corp-2" />);
    expect(byTestId('corp-2-bay')?.textContent).toBe('Rover bay: 3 of 4 rover(s) waiting');
    expect(byTestId('corp-2-carrying-0')?.textContent).toBe('Rover 1 carries a meteorite');
    // On the planet, the meteorite lies on its rover's square, and the rover is said to carry it.
    dom.render(<PlanetGrid board={h.board('0')} caption="Ada" testid="planet-0" />);
    expect(
      dom.host.querySelector('[title*="rover 1 carrying the meteorite"]')?.getAttribute('title'),
    ).toMatch(/meteorite, rover 1 carrying the meteorite$/);
  });

  it('every tech of every corporation has its text as a tooltip, in English and in French', () => {
    for (const corp of CORPORATIONS) {
      const board = dealt(corp.id).start().board('0');
      act(() => setLanguage('en'));
      dom.render(<CorporationBoard board={board} testid={`corp-${corp.id}`} />);
      corp.techs.forEach((tech, k) =>
        expect(byTestId(`corp-${corp.id}-techs-${k + 1}`)?.getAttribute('title')).toBe(tech.text),
      );
      act(() => setLanguage('fr'));
      dom.render(<CorporationBoard board={{ ...board }} testid={`corp-${corp.id}`} />);
      const fr = contentText(i18next.getFixedT('fr'));
      corp.techs.forEach((tech, k) => {
        const title = byTestId(`corp-${corp.id}-techs-${k + 1}`)?.getAttribute('title');
        expect(title).toBe(fr.techText(corp.id, tech.level));
        expect(title).not.toBe(tech.text);
      });
      expect(byTestId(`corp-${corp.id}`)?.getAttribute('aria-label')).toBe(
        `Plateau Corporation\u202f: ${String(corp.extra.frenchName)}`,
      );
    }
  });
});

describe('choices on the board (§8.2, R7, R32)', () => {
  it('Wormhole Corp.: an advance with two next squares is picked on the board, or by a button saying what each gives', () => {
    const g = dealt('wormhole-corp')
      .pending('0', { kind: 'advance', track: 'biomass', steps: 1, source: 'card' })
      .start();
    const id = g.pending('0')[0]?.id as number;
    const { sent } = renderTurn(g);
    // The two halves of box 1 are the listed destinations; nothing else on the board is a button.
    const picks = [...dom.host.querySelectorAll<HTMLButtonElement>('[data-testid^="corp-0-pick-"]')];
    expect(picks.map((b) => b.dataset.testid)).toEqual(['corp-0-pick-biomass-2', 'corp-0-pick-biomass-3']);
    expect(byTestId('corp-0-picking')?.textContent).toBe(
      'Biomass +1 — Choose one of the 2 highlighted places on this board.',
    );
    expect(byTestId(`resolve-${id}-0`)?.textContent).toBe('To Biomass, level 2: synergy boost');
    expect(byTestId(`resolve-${id}-1`)?.textContent).toBe('To Biomass, level 3: biomass patch');
    // Keyboard reachable: a real button, named by what it shows.
    expect(picks[1]?.tagName).toBe('BUTTON');
    expect(picks[1]?.textContent).toBe('3P');
    click(picks[1]);
    expect(sent()).toEqual({ type: 'resolve', item: id, choice: { col: 'biomass', row: 3 } });
    expect(g.board('0').trackers.biomass).toEqual({ col: 'biomass', row: 0 }); // public board: unchanged until confirmed
    expect(g.draft('0').board.trackers.biomass).toEqual({ col: 'biomass', row: 3 });
  });

  it("Jump Drive: a collected lifepod's spot, in the scoring area or on a free slot (R32)", () => {
    const s = dealt('jump-drive');
    s.board('0').corp.parkedLifepods = ['slot:0'];
    s.board('0').collected.lifepods = 2;
    const g = s.pending('0', { kind: 'lifepodSpot' }).start();
    const id = g.pending('0')[0]?.id as number;
    const { sent } = renderTurn(g);
    const texts = [...dom.host.querySelectorAll(`[data-testid^="resolve-${id}-"][data-action]`)].map(
      (b) => b.textContent,
    );
    expect(texts).toEqual([
      'Put it in the scoring area',
      'Put it on tech slot B',
      'Put it on tech slot C',
      'Put it on tech slot D',
      'Put it on tech slot E',
      'Put it on tech slot F',
    ]);
    // Slot A is taken: no button there; the others and the scoring area answer on the board.
    expect(byTestId('corp-0-techs-pick-slot-0')).toBeNull();
    expect(byTestId('corp-0-pick-area')?.textContent).toBe('Put it in the scoring area');
    click(byTestId('corp-0-techs-pick-slot-4'));
    expect(sent()).toEqual({ type: 'resolve', item: id, choice: { spot: 'slot:4' } });
    expect(g.draft('0').board.corp.parkedLifepods).toEqual(['slot:0', 'slot:4']);
  });

  it('Cosmos Inc. tech 5: the power lists the lifepods that may move, then where each may go', () => {
    const s = dealt('cosmos-inc').tracker('0', 'tech', 14);
    s.board('0').corp.parkedLifepods = ['civ:4'];
    s.board('0').collected.lifepods = 2;
    const g = s.start();
    const listed = g.legal('0').filter((a) => a.type === 'useAbility');
    expect(listed.length).toBeGreaterThan(0);
    const { sent } = renderTurn(g);
    const group = byTestId('ability-repositionOneLifepod');
    expect(group?.textContent).toContain('Tech 5');
    expect(group?.textContent).toContain('Once each round, move one collected lifepod to a new spot.');
    // First which lifepod: the one on civ 4 or one from the scoring area.
    const froms = [...dom.host.querySelectorAll('[data-testid^="use-repositionOneLifepod-from-"]')];
    expect(froms.map((b) => b.textContent)).toEqual([
      'A lifepod of the scoring area',
      'The lifepod on Civilisation, level 4',
    ]);
    click(froms[1]);
    expect(byTestId('use-repositionOneLifepod-from-1')?.getAttribute('aria-pressed')).toBe('true');
    // Its destinations are on the board now (its own square is not one of them).
    expect(byTestId('corp-0-pick-civ-4')).toBeNull();
    click(byTestId('corp-0-pick-water-2'));
    expect(sent()).toEqual({
      type: 'useAbility',
      ability: 'repositionOneLifepod',
      choice: { from: 'civ:4', spot: 'water:2' },
    });
  });

  it('Cosmos Inc. tech 2: moving up to three lifepods may stop at any time (a declining choice stays offered)', () => {
    const s = dealt('cosmos-inc');
    s.board('0').corp.parkedLifepods = ['water:3'];
    s.board('0').collected.lifepods = 2;
    const g = s.pending('0', { kind: 'corporation', gain: 'moveLifepod', count: 3, optional: true }).start();
    const id = g.pending('0')[0]?.id as number;
    const { sent } = renderTurn(g);
    expect(byTestId(`pending-${id}`)?.textContent).toContain(
      'Move up to 3 collected lifepod(s) to a new spot',
    );
    // Before a lifepod is chosen, only declining is offered as a button; the board shows the lifepods.
    const buttons = () =>
      [...dom.host.querySelectorAll(`[data-testid^="resolve-${id}-"][data-action]`)].map(
        (b) => b.textContent,
      );
    expect(buttons()).toEqual(['No, thanks']);
    expect(byTestId('corp-0-pick-water-3')?.dataset.pick).toBe('from');
    click(byTestId('corp-0-pick-water-3'));
    // Now where it may go: the scoring area, or a free square (many: a list box), and still declining.
    expect(byTestId(`resolve-${id}-list`)).not.toBeNull();
    click(byTestId('corp-0-pick-area'));
    expect(sent()).toEqual({ type: 'resolve', item: id, choice: { from: 'water:3', spot: 'area' } });
  });

  it('Flux Industries: the flux token track chosen by name; a power absent from the list shows nothing', () => {
    const board = dealt('flux-industries').start().board('0');
    dom.render(<AbilityControls actions={[]} board={board} send={() => undefined} />);
    expect(byTestId('abilities')).toBeNull();
    const g = dealt('flux-industries')
      .pending('0', { kind: 'corporation', gain: 'fluxTrack', count: 1, optional: false })
      .start();
    const id = g.pending('0')[0]?.id as number;
    const { sent } = renderTurn(g);
    expect(byTestId(`pending-${id}`)?.textContent).toContain('Choose the track the flux token marks');
    const water = [...dom.host.querySelectorAll(`[data-testid^="resolve-${id}-"]`)].find(
      (b) => b.textContent === 'Water',
    );
    click(water);
    expect(sent()).toEqual({ type: 'resolve', item: id, choice: { track: 'water' } });
  });

  it('Republic tech 5: the civ cards offered are named, and only their player sees them (§9)', () => {
    const g = dealt('republic', 2)
      .pending('0', { kind: 'corporation', gain: 'keepCivCards', count: 2, optional: false, cards: [1, 3] })
      .start();
    const id = g.pending('0')[0]?.id as number;
    renderTurn(g);
    const texts = [...dom.host.querySelectorAll(`[data-testid^="resolve-${id}-"]`)].map((b) => b.textContent);
    expect(texts).toEqual(['Temp Agency (rank 1, immediate)', expect.stringContaining('(rank 1')]);
    const other = playerView(g.state, '1');
    expect(JSON.stringify(other.private['0'] ?? null)).not.toContain('keepCivCards');
  });

  it('Jump Drive C names the boost it doubles; a card a corporation shows is named, civ card or objective', () => {
    const s = dealt('jump-drive');
    s.board('0').corp.parkedLifepods = ['slot:2'];
    s.board('0').collected.lifepods = 1;
    const g = s.pending('0', { kind: 'synergy' }).start();
    const boost = g.pending('0')[0]?.id as number;
    const { sent } = renderTurn(g);
    const doubled = [...dom.host.querySelectorAll('[data-testid^="use-doubleSynergyAdvance-"]')];
    expect(doubled.map((b) => b.textContent)).toContain('Synergy boost, Water');
    click(doubled.find((b) => b.textContent === 'Synergy boost, Water'));
    expect(sent()).toEqual({
      type: 'useAbility',
      ability: 'doubleSynergyAdvance',
      choice: { index: boost, track: 'water' },
    });
    expect(corporationChoiceLabel({ card: 1 })).toBe('Temp Agency (rank 1, immediate)');
    expect(corporationChoiceLabel({ card: 40 })).toBe(objectiveById(40).neighbor.name);
  });

  it('a board with a choice open is drawn afresh; without one, only when its pieces move', () => {
    const board: PlayerBoard = dealt('cosmos-inc').start().board('0');
    dom.render(<CorporationBoard board={board} testid="corp-0" />);
    const before = byTestId('corp-0-lifepods')?.textContent;
    dom.render(
      <CorporationBoard
        board={{
          ...board,
          corp: { ...board.corp, parkedLifepods: ['civ:2'] },
          collected: { ...board.collected, lifepods: 1 },
        }}
        testid="corp-0"
      />,
    );
    expect(byTestId('corp-0-lifepods')?.textContent).not.toBe(before);
  });
});
