// @vitest-environment jsdom
/**
 * The corporation board and the turn's controls: trackers where the state has them, pending gains,
 * undo/restart/confirm by button and keyboard, objective standings, the live score against the
 * engine's scoring, the last-round banner, other players, and the French texts.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Action, GameState, PlayerBoard } from '../../game/core/types';
import { applyAction, legalActions, mayTakeBack } from '../../game/engine';
import { scoreGame } from '../../game/rules/scoring';
import { playerView } from '../../game/view';
import { setLanguage } from '../../client/i18n';
import { MyTurn } from '../../client/actions/MyTurn';
import { EventPanel } from '../../client/table/EventPanel';
import { StatusLine } from '../../client/table/GameView';
import { soloTarget } from '../../game/rules/solo';
import { EVENT_PRESETS } from '../../game/setup-data';
import { CivOffer } from '../../client/actions/CivOffer';
import { ObjectiveChoice } from '../../client/actions/ObjectiveChoice';
import { TurnButtons } from '../../client/actions/TurnButtons';
import {
  CorporationBoard,
  LastRoundBanner,
  LiveScore,
  ObjectivesPanel,
  OthersPanel,
} from '../../client/board';
import { liveScore } from '../../client/board/standings';
import { domPerTest } from './dom';
import { scenario, type Game } from '../support/scenario';

const dom = domPerTest('en');

const render = dom.render;
const byTestId = dom.byTestId;
const click = (el: Element | null) => {
  if (!el) throw new Error('No element to click');
  act(() => (el as HTMLElement).click());
};

/** Take the first legal tile and place it at the first legal spot. */
function takeAndPlace(g: Game, player = '0'): Game {
  const take = g.legal(player).find((a) => a.type === 'takeTile');
  if (!take) throw new Error('No tile to take');
  g.act(player, take);
  const place = g.legal(player).find((a) => a.type === 'placeTile');
  if (!place) throw new Error('No legal placement');
  return g.act(player, place);
}

const sameAction = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

describe('corporation board', () => {
  it('draws each tracker on the square the state has it, with the techs unlocked', () => {
    const g = scenario({ players: 1 }).tracker('0', 'water', 4).tracker('0', 'tech', 5).start();
    render(<CorporationBoard board={g.board('0')} testid="corp-0" />);
    const water = byTestId('corp-0-tracker-water');
    expect(water?.dataset.col).toBe('water');
    expect(water?.dataset.row).toBe('4');
    expect(water?.getAttribute('aria-label')).toBe('Water tracker: level 4 of 15');
    expect(byTestId('corp-0-tracker-civ')?.dataset.row).toBe('0');
    // Every level of every track is a square with its rewards spelled out.
    expect(byTestId('corp-0-square-civ-3')?.getAttribute('aria-label')).toBe(
      'Civilisation level 3: civ card, rank 1',
    );
    expect(byTestId('corp-0-square-water-4')?.className).toContain('corp-reached');
    expect(byTestId('corp-0-square-water-5')?.className).not.toContain('corp-reached');
    // Water at 4 is worth the 2-medal square; techs 1 and 2 are on at tech level 5.
    expect(byTestId('corp-0-medal-water')?.textContent).toContain('2');
    expect(byTestId('corp-0-techs-1')?.dataset.unlocked).toBe('true');
    expect(byTestId('corp-0-techs-2')?.dataset.unlocked).toBe('true');
    expect(byTestId('corp-0-techs-3')?.dataset.unlocked).toBe('false');
  });

  it('moves the tracker when the board advances (same element, new square)', () => {
    const g = scenario({ players: 1 }).start();
    render(<CorporationBoard board={g.board('0')} testid="corp-0" />);
    const before = byTestId('corp-0-tracker-rover');
    const top = before?.style.top;
    const advanced: PlayerBoard = {
      ...g.board('0'),
      trackers: { ...g.board('0').trackers, rover: { col: 'rover', row: 3 } },
    };
    render(<CorporationBoard board={advanced} testid="corp-0" />);
    const after = byTestId('corp-0-tracker-rover');
    expect(after).toBe(before);
    expect(after?.dataset.row).toBe('3');
    expect(after?.style.top).not.toBe(top);
  });
});

describe('my turn', () => {
  it('shows the trackers of the turn in progress and sends legal pending gains', () => {
    const g = takeAndPlace(scenario({ players: 1 }).start());
    const send = vi.fn<(a: Action) => void>();
    const view = playerView(g.state, '0');
    render(<MyTurn G={view} player="0" name="Ada" send={send} />);
    expect(byTestId('corp-0')).not.toBeNull();
    const item = g.pending('0')[0];
    if (!item) throw new Error('Placing a tile should leave gains');
    const button = byTestId(`resolve-${item.id}-0`);
    expect(button?.dataset.action).toBe('resolve');
    click(button);
    expect(send).toHaveBeenCalledTimes(1);
    const sent = send.mock.calls[0]?.[0] as Action;
    expect(legalActions(view, '0').some((a) => sameAction(a, sent))).toBe(true);
    expect(sent).toMatchObject({ type: 'resolve', item: item.id });
    expect(applyAction(g.state, '0', sent)).toBeNull();
  });

  it('offers a synergy boost on every track, saying where each lands', () => {
    const g = takeAndPlace(scenario({ players: 1 }).tracker('0', 'water', 2).start());
    const d = g.draft('0');
    const id = d.nextItemId++;
    d.pending.push({ id, kind: 'synergy' });
    const send = vi.fn<(a: Action) => void>();
    render(<MyTurn G={playerView(g.state, '0')} player="0" name="Ada" send={send} />);
    const buttons = [...dom.host.querySelectorAll<HTMLButtonElement>(`[data-testid^="resolve-${id}-"]`)];
    expect(buttons).toHaveLength(5);
    const water = buttons.find((b) => b.textContent?.startsWith('Advance Water'));
    expect(water?.textContent).toBe('Advance Water → level 3: synergy boost');
    click(water ?? null);
    expect(send).toHaveBeenCalledWith({ type: 'resolve', item: id, choice: { track: 'water' } });
    expect(applyAction(g.state, '0', send.mock.calls[0]?.[0] as Action)).toBeNull();
    expect(g.level('0', 'water')).toBe(3);
  });

  it('undo, restart and confirm send their moves, by button and by keyboard', () => {
    const g = takeAndPlace(scenario({ players: 1 }).start());
    const send = vi.fn<(a: Action) => void>();
    render(
      <TurnButtons
        steps={g.state.private['0']?.turn?.steps.length ?? 0}
        canTakeBack={mayTakeBack(g.state, '0')}
        actions={legalActions(g.state, '0')}
        send={send}
      />,
    );
    click(byTestId('undo'));
    click(byTestId('restart'));
    click(byTestId('confirm'));
    expect(send.mock.calls.map((c) => c[0])).toEqual([
      { type: 'undo' },
      { type: 'restart' },
      { type: 'confirm' },
    ]);
    send.mockClear();
    const press = (init: KeyboardEventInit) =>
      act(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true }));
      });
    press({ key: 'z', ctrlKey: true });
    press({ key: 'Backspace', ctrlKey: true, shiftKey: true });
    press({ key: 'Enter', ctrlKey: true });
    press({ key: 'z' }); // no modifier: nothing
    expect(send.mock.calls.map((c) => c[0])).toEqual([
      { type: 'undo' },
      { type: 'restart' },
      { type: 'confirm' },
    ]);
    // Every control has a label; confirm is only marked as a legal action when it is one.
    expect(byTestId('undo')?.textContent).toContain('Undo');
    expect(byTestId('confirm')?.getAttribute('aria-keyshortcuts')).toContain('Control+Enter');
  });

  it('has nothing to undo at the start of a turn', () => {
    const g = scenario({ players: 1 }).start();
    const send = vi.fn<(a: Action) => void>();
    render(
      <TurnButtons
        steps={g.state.private['0']?.turn?.steps.length ?? 0}
        canTakeBack={mayTakeBack(g.state, '0')}
        actions={legalActions(g.state, '0')}
        send={send}
      />,
    );
    expect((byTestId('undo') as HTMLButtonElement).disabled).toBe(true);
    expect(byTestId('confirm')?.dataset.action).toBeUndefined();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true }));
    });
    expect(send).not.toHaveBeenCalled();
  });

  it('shows civ cards with their text and sends the pick', () => {
    const send = vi.fn<(a: Action) => void>();
    render(<CivOffer offer={{ rank: 1, cards: [1, 2] }} send={send} />);
    expect(byTestId('civ-card-1')?.textContent).toMatch(/Take Temp Agency/);
    expect(byTestId('civ-card-1')?.textContent?.length).toBeGreaterThan(30);
    click(byTestId('civ-2'));
    expect(send).toHaveBeenCalledWith({ type: 'pickCiv', card: 2 });
  });
});

/**
 * Two neighbours sharing "most lifepods" (62); player 0 keeps "more lifepods than meteorites" (62);
 * player 1 holds an End Game card (6) that player 0 may not see.
 */
function twoPlayers(): GameState {
  const sc = scenario({ players: 2 }).civCards('1', 6);
  sc.board('0').collected = { lifepods: 3, meteorites: 1 };
  sc.board('1').collected = { lifepods: 1, meteorites: 4 };
  sc.tracker('0', 'water', 6);
  const s = sc.start().state;
  s.objectives = [{ card: 62, players: ['0', '1'] }];
  (s.private['0'] as GameState['private'][string]).objectives = [62];
  return s;
}

describe('private objective choice', () => {
  it('keeps the cards ticked, and only as many as allowed', () => {
    const send = vi.fn<(a: Action) => void>();
    render(<ObjectiveChoice offer={{ cards: [61, 62, 63], keep: 1 }} send={send} />);
    const keep = byTestId('keep-objectives') as HTMLButtonElement;
    expect(keep.disabled).toBe(false);
    click(byTestId('objective-63'));
    expect((byTestId('objective-61') as HTMLInputElement).checked).toBe(false);
    click(keep);
    expect(send).toHaveBeenCalledWith({ type: 'keepObjectives', cards: [63] });
  });
});

describe('objectives and score', () => {
  it('shows each neighbour count and who is ahead, and the private objective', () => {
    const view = playerView(twoPlayers(), '0');
    render(<ObjectivesPanel G={view} player="0" names={{ '0': 'Ada', '1': 'Bo' }} />);
    expect(byTestId('objective-62-player-0')?.dataset.value).toBe('3');
    expect(byTestId('objective-62-player-1')?.dataset.value).toBe('1');
    expect(byTestId('objective-62-ahead')?.textContent).toContain('Ada is ahead');
    expect(byTestId('objective-62-player-0')?.textContent).toContain('Ada would score 5');
    expect(byTestId('private-objective-62')?.dataset.met).toBe('true');
  });

  it('says when neighbours are tied, and shows no private objective to a spectator', () => {
    const s = twoPlayers();
    s.boards['1'] = { ...(s.boards['1'] as PlayerBoard), collected: { lifepods: 3, meteorites: 0 } };
    render(<ObjectivesPanel G={playerView(s, null)} player={null} />);
    expect(byTestId('objective-62-ahead')?.textContent).toBe('Tied');
    expect(byTestId('private-objectives')).toBeNull();
  });

  it('counts the live score as the engine scores the visible state', () => {
    const s = twoPlayers();
    const view = playerView(s, '0');
    // Without a turn in progress: the public boards exactly.
    (view.private['0'] as GameState['private'][string]).turn = null;
    render(<LiveScore G={view} player="0" />);
    const engine = scoreGame(view, { '0': [62] }).scores.find((x) => x.player === '0');
    expect(Number(byTestId('live-score-total')?.textContent)).toBe(engine?.total);
    expect(Number(byTestId('live-score-tracks')?.textContent)).toBe(engine?.breakdown.tracks);
    expect(Number(byTestId('live-score-lifepods')?.textContent)).toBe(3);
    expect(Number(byTestId('live-score-neighbour')?.textContent)).toBe(5);
    expect(Number(byTestId('live-score-private')?.textContent)).toBe(5);
    expect(engine?.breakdown.objectives).toBe(10);
  });

  it('includes the turn in progress, and never the hidden cards of others', () => {
    const g = scenario({ players: 2 }).start();
    takeAndPlace(g, '0');
    g.resolveAdvances('0');
    const view = playerView(g.state, '0');
    const draftBoard = g.draft('0').board;
    const engine = scoreGame({ ...view, boards: { ...view.boards, '0': draftBoard } }, { '0': [] });
    const mine = liveScore(view, '0');
    expect(mine?.draft).toBe(true);
    expect(mine?.total).toBe(engine.scores.find((x) => x.player === '0')?.total);
    expect(view.boards['1']?.civCards.every((c) => c.timing !== 'endGame' || c.id === null)).toBe(true);
  });

  it('counts your own End Game cards, while others only see them hidden', () => {
    const s = twoPlayers();
    expect(playerView(s, '0').boards['1']?.civCards).toEqual([{ id: null, rank: 1, timing: 'endGame' }]);
    expect(liveScore(playerView(s, '1'), '1')?.breakdown.civ).toBe(1);
  });
});

describe('banners and panels', () => {
  it('announces the last round once the end is triggered', () => {
    const s = scenario({ players: 1 }).start().state;
    render(<LastRoundBanner G={s} />);
    expect(byTestId('last-round')).toBeNull();
    s.endTriggers = ['depotEmpty'];
    render(<LastRoundBanner G={{ ...s }} />);
    expect(byTestId('last-round')?.textContent).toMatch(/Last round!.*a depot ran out of tiles/);
  });

  it('shows the other players with their trackers', () => {
    const s = twoPlayers();
    render(<OthersPanel G={playerView(s, '0')} player="0" names={{ '1': 'Bo' }} />);
    expect(byTestId('board-1')).not.toBeNull();
    expect(byTestId('board-0')).toBeNull();
    expect(byTestId('tracker-summary-1-water')?.textContent).toContain('Water 0/15');
  });

  it('shows the round event', () => {
    const g = scenario({
      players: 1,
      options: { events: { green: 1, orange: 1, red: 1, preset: null } },
    }).start();
    const s = g.state;
    s.event = { id: 65, round: s.round };
    render(<EventPanel G={s} player="0" />);
    expect(byTestId('event-card')?.textContent).toMatch(/^#65 /);
  });

  it('shows the solo target from the first round, set by the deck (§7.4)', () => {
    const s = scenario({
      players: 1,
      options: { events: { ...EVENT_PRESETS.veteran, preset: 'veteran' } },
    }).start().state;
    const target = soloTarget(EVENT_PRESETS.veteran);
    render(<EventPanel G={s} player="0" />);
    expect(byTestId('solo-target')?.textContent).toBe(
      `Solo target: ${target} points (set by the deck's colours).`,
    );
    expect(byTestId('event')?.textContent).toContain('Preset: Veteran.');
    const two = scenario({
      players: 2,
      options: { events: { ...EVENT_PRESETS.veteran, preset: 'veteran' } },
    }).start().state;
    render(<EventPanel G={two} player="0" />);
    expect(byTestId('solo-target')).toBeNull();
  });
});

describe('French', () => {
  it('renders the board and the turn controls in French', () => {
    setLanguage('fr');
    const g = takeAndPlace(scenario({ players: 1 }).start());
    render(<MyTurn G={playerView(g.state, '0')} player="0" name="Ada" send={() => undefined} />);
    expect(byTestId('confirm')?.textContent).toContain('Valider');
    expect(byTestId('undo')?.textContent).toContain('Annuler');
    expect(dom.host.textContent).toContain('Plateau Corporation');
    expect(byTestId('taken-tile')?.textContent).toMatch(/^Tuile prise\u202f: tuile \p{Lu}.*, /u);
    expect(byTestId('corp-0-tracker-water')?.getAttribute('aria-label')).toMatch(/^Cube Eau/);
  });

  it('names the placement, its squares and the steps awaited in French', () => {
    setLanguage('fr');
    const g = scenario({ players: 2 }).start();
    const take = g.legal('0').find((a) => a.type === 'takeTile');
    if (!take) throw new Error('No tile to take');
    g.act('0', take);
    const view = playerView(g.state, '0');
    render(
      <>
        <StatusLine G={view} names={{ '0': 'Ada', '1': 'Bob' }} />
        <MyTurn G={view} player="0" name="Ada" send={() => undefined} />
      </>,
    );
    expect(byTestId('placement-picker')?.querySelector('legend')?.textContent).toBe(
      'Placez la tuile que vous avez prise',
    );
    const place = dom.host.querySelector('[data-action="place"]');
    expect(place?.textContent).toMatch(/Placer la tuile avec son coin supérieur gauche ici$/);
    expect(byTestId('status')?.textContent).toContain('Bob (construit son tour)');
    expect(byTestId('status')?.textContent).not.toContain('(build)');
  });

  it('renders the objectives, score and last-round banner in French', () => {
    setLanguage('fr');
    const s = twoPlayers();
    s.endTriggers = ['stuck'];
    const view = playerView(s, '0');
    render(
      <>
        <LastRoundBanner G={view} />
        <ObjectivesPanel G={view} player="0" />
        <LiveScore G={view} player="0" />
      </>,
    );
    expect(byTestId('last-round')?.textContent).toContain('Dernière manche');
    expect(byTestId('objective-62-ahead')?.textContent).toContain('Joueur 1 mène');
    expect(byTestId('live-score')?.textContent).toContain('Votre score actuel');
  });
});
