// @vitest-environment jsdom
/**
 * Other players' planets shown large (the strip's thumbnail and details, every planet for a
 * spectator and on the end screen), the board choice's preview on the seat's own board, the end
 * screen's ways on, the finished games kept for the home page, and the home page's ways in.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { playGame } from '../../game/sim';
import type { GameState } from '../../game';
import { applyAction, legalActions } from '../../game/engine';
import { initialGameState } from '../../game/match';
import { playerView } from '../../game/view';
import { GameView } from '../../client/table/GameView';
import { MyTurn } from '../../client/actions/MyTurn';
import { EndActions } from '../../client/board/EndActions';
import { previewBoard } from '../../client/board/board-preview';
import { FinishedList } from '../../client/pages/FinishedList';
import { HomeIntro } from '../../client/pages/HomeIntro';
import {
  finishedSummary,
  memoryStore,
  replaceSavedGamesStore,
  type SavedLocalGame,
} from '../../client/local/saved-games';
import { parseRoute } from '../../client/routes';
import { decodeLocalSpec } from '../../client/local/setup-spec';
import { domPerTest } from './dom';

const dom = domPerTest();
const names = { '0': 'Ada', '1': 'Bea', '2': 'Cy' };
const click = (el: Element | null) => {
  if (!el) throw new Error('No element to click');
  act(() => (el as HTMLElement).click());
};
/** Lets pending promises (the store's reads) settle inside act. */
const settle = () => act(async () => new Promise<void>((r) => setTimeout(r, 0)));

const started = initialGameState(3, 'planets-large', {});
const finished: GameState = playGame({ numPlayers: 3, seed: 'end-planets' }).state;

afterEach(() => replaceSavedGamesStore(null));

describe('other players’ planets, large', () => {
  it('a click on a thumbnail opens that player’s planet large with their corporation board', () => {
    const G = playerView(started, '0');
    dom.render(<GameView G={G} player="0" names={names} send={() => undefined} />);
    const more = dom.byTestId('board-1-more') as HTMLDetailsElement;
    expect(more.open).toBe(false);
    // Closed, no large drawing is made (only the thumbnail).
    expect(more.querySelector('.planet-area-large')).toBeNull();
    click(dom.byTestId('board-1-thumb'));
    expect(more.open).toBe(true);
    act(() => more.dispatchEvent(new Event('toggle')));
    expect(more.querySelector('.planet-area-large')).not.toBeNull();
    expect(more.querySelector('[data-testid="planet-1"]')).not.toBeNull();
    expect(more.querySelector('[data-testid="corp-1"]')).not.toBeNull();
    expect(document.activeElement).toBe(more.querySelector('.drawer-close'));
  });

  it('a spectator sees every planet, each one’s board a click away', () => {
    const G = playerView(started, null);
    dom.render(<GameView G={G} player={null} names={names} send={() => undefined} />);
    const all = dom.byTestId('all-planets')!;
    expect(all.closest('[data-testid="spectator-view"]')).not.toBeNull();
    for (const p of ['0', '1', '2']) {
      expect(dom.byTestId(`seat-board-${p}`)?.textContent).toContain(names[p as '0']);
      expect(dom.byTestId(`seat-planet-${p}`)).not.toBeNull();
    }
    click(dom.byTestId('seat-open-2'));
    expect((dom.byTestId('board-2-more') as HTMLDetailsElement).open).toBe(true);
  });

  it('the end screen shows every planet with its total, the viewer’s first, and the ways on', () => {
    const G = playerView(finished, '1');
    dom.render(
      <GameView
        G={G}
        player="1"
        names={names}
        send={() => undefined}
        endActions={<EndActions playAgain={{ href: '#/local?spec=x' }} newGameHref="#/?new=local" />}
      />,
    );
    const cards = [...dom.host.querySelectorAll('[data-testid="all-planets"] .all-planets-seat')];
    expect(cards.map((c) => c.getAttribute('data-testid'))).toEqual([
      'seat-planet-card-1',
      'seat-planet-card-0',
      'seat-planet-card-2',
    ]);
    // The viewer's own board keeps its usual ids (the seat's key focuses it).
    expect(dom.byTestId('board-1')?.closest('.all-planets')).not.toBeNull();
    for (const s of finished.result!.scores)
      expect(dom.byTestId(`seat-planet-card-${s.player}`)?.textContent).toContain(`${s.total} point`);
    expect(dom.byTestId('play-again')?.getAttribute('href')).toBe('#/local?spec=x');
    expect(dom.byTestId('new-game')?.getAttribute('href')).toBe('#/?new=local');
    expect(dom.byTestId('end-home')?.getAttribute('href')).toBe('#/');
    expect(parseRoute('#/?new=local')).toEqual({ page: 'home', setup: 'local' });
  });

  it('an online end screen keeps the page’s own Play again control', () => {
    dom.render(<EndActions playAgain={<button data-testid="online-again">Again</button>} newGameHref="#/" />);
    expect(dom.byTestId('online-again')).not.toBeNull();
    expect(dom.byTestId('play-again')).toBeNull();
    expect(dom.byTestId('new-game')).not.toBeNull();
  });
});

describe('the board choice previews the boards selected', () => {
  it('the seat’s own planet and corporation board follow the selection until it is sent', () => {
    const state = initialGameState(2, 'preview-dealt', { boards: 'dealt' });
    const G = playerView(state, '0');
    const actions = legalActions(G, '0');
    const planets = [...new Set(actions.flatMap((a) => (a.type === 'chooseBoard' ? [a.planet] : [])))];
    const corps = [...new Set(actions.flatMap((a) => (a.type === 'chooseBoard' ? [a.corporation] : [])))];
    expect(planets.length).toBe(2);
    dom.render(<MyTurn G={G} player="0" name="Ada" send={() => undefined} />);
    const own = () => dom.host.querySelector('.my-area [data-testid="board-0"]')!;
    expect(own().getAttribute('data-planet')).toBe(planets[0]);
    click(dom.byTestId(`board-${planets[1]}`));
    expect(own().getAttribute('data-planet')).toBe(planets[1]);
    expect(own().textContent).toContain('preview, not chosen yet');
    click(dom.byTestId(`corporation-${corps[1]}`));
    expect(dom.byTestId('corp-0')?.getAttribute('data-corporation')).toBe(corps[1]);
    expect(dom.byTestId('board-preview-note')?.textContent).toContain('not chosen yet');
    // Sent: the pair chosen stays on the seat's board until every seat has chosen.
    const pick = actions.find(
      (a) => a.type === 'chooseBoard' && a.planet === planets[1] && a.corporation === corps[1],
    )!;
    expect(applyAction(state, '0', pick)).toBeNull();
    expect(state.step).toBe('boards');
    dom.render(<MyTurn G={playerView(state, '0')} player="0" name="Ada" send={() => undefined} />);
    expect(own().getAttribute('data-planet')).toBe(planets[1]);
    expect(dom.byTestId('corp-0')?.getAttribute('data-corporation')).toBe(corps[1]);
    expect(own().textContent).toContain('chosen, hidden from the others');
  });

  it('a preview board has the chosen planet’s printed lifepods and the corporation’s rovers', () => {
    const base = started.boards['0']!;
    expect(previewBoard(base, base.planet, base.corporation)).toBe(base);
    const other = previewBoard(base, 'tartarus', 'republic');
    expect(other.planet).toBe('tartarus');
    expect(other.corporation).toBe('republic');
    expect(other.lifepods).not.toEqual(base.lifepods);
    expect(other.rovers.every((r) => r.cell === null && !r.destroyed)).toBe(true);
  });
});

describe('finished games and the home page', () => {
  const game = (id: string, finishedAt?: number): SavedLocalGame => ({
    id,
    spec: {
      seats: [
        { name: 'Ada', bot: null },
        { name: 'Vega', bot: 'cadet' },
      ],
      options: {},
      seed: 's',
    },
    moves: [],
    startedAt: 1,
    updatedAt: 2,
    round: 9,
    ...(finishedAt
      ? {
          finished: finishedSummary(
            {
              winners: ['1'],
              scores: [
                { player: '0', total: 31 },
                { player: '1', total: 40 },
              ],
            },
            finishedAt,
          ),
        }
      : {}),
  });

  it('lists finished games with their result, apart from the games to resume, and deletes them', async () => {
    const store = memoryStore<SavedLocalGame>();
    await store.set('a', game('a', 1_700_000_000_000));
    await store.set('b', game('b'));
    replaceSavedGamesStore(store);
    dom.render(<FinishedList />);
    await settle();
    const rows = dom.host.querySelectorAll('[data-testid="finished-game"]');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain('Ada, Vega (bot) · winner Vega (Ada 31, Vega 40)');
    expect(dom.byTestId('open-finished')?.getAttribute('href')).toBe('#/local?game=a');
    click(dom.byTestId('delete-finished'));
    await settle();
    expect(dom.byTestId('finished-list')).toBeNull();
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBeDefined();
  });

  it('the home page says what the game is and offers its ways in, Continue when a game waits', async () => {
    const store = memoryStore<SavedLocalGame>();
    replaceSavedGamesStore(store);
    dom.render(<HomeIntro />);
    await settle();
    expect(dom.byTestId('planet-picture')?.getAttribute('role')).toBe('img');
    expect(dom.byTestId('entry-learn')?.getAttribute('href')).toBe('#/learn');
    const bots = decodeLocalSpec(dom.byTestId('entry-bots')!.getAttribute('href')!.split('spec=')[1]!);
    expect('error' in bots ? bots.error : bots.seats.map((s) => s.bot)).toEqual([null, 'cadet']);
    expect(dom.byTestId('entry-online')).not.toBeNull();
    expect(dom.byTestId('entry-continue')).toBeNull();
    await store.set('b', game('b'));
    dom.render(<HomeIntro key="again" />);
    await settle();
    expect(dom.byTestId('entry-continue')).not.toBeNull();
  });
});
