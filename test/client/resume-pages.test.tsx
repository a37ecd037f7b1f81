// @vitest-environment jsdom
/**
 * Saved local games in the page (jsdom, a memory store in IndexedDB's place): a table saves each
 * step and comes back from its save under StrictMode's double mount at the hand-over screen, the
 * home page's Resume list shows and deletes saved games in French, and leaving a table in
 * progress asks first.
 */
import { StrictMode, act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalGame } from '../../client/local/LocalGame';
import { ResumeList } from '../../client/pages/ResumeList';
import {
  memoryStore,
  replaceSavedGamesStore,
  type KeyValueStore,
  type SavedLocalGame,
} from '../../client/local/saved-games';
import { domPerTest } from './dom';

let store: KeyValueStore<SavedLocalGame>;
beforeEach(() => {
  store = memoryStore<SavedLocalGame>();
  replaceSavedGamesStore(store);
});
afterEach(() => {
  replaceSavedGamesStore(null);
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '#/');
});

async function oneSaved(): Promise<SavedLocalGame> {
  const all = await store.values();
  expect(all).toHaveLength(1);
  return all[0] as SavedLocalGame;
}

describe('a local table in the page', () => {
  const dom = domPerTest('en');

  it('saves every step, takes the saved address, and resumes at the hand-over screen', async () => {
    dom.render(
      <StrictMode>
        <LocalGame players={2} seed="saved-1" />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(dom.byTestId('handoff-ready')).not.toBeNull());
    const ready = dom.byTestId('handoff-ready') as HTMLButtonElement;
    act(() => ready.click());
    for (let i = 0; i < 3; i++) {
      const table = dom.byTestId('local-game') as HTMLElement;
      const before = Number(table.dataset.stateId);
      const move = await vi.waitFor(() => {
        const button = dom.host.querySelector<HTMLButtonElement>('button[data-action]:not([disabled])');
        expect(button).not.toBeNull();
        return button as HTMLButtonElement;
      });
      act(() => move.click());
      await vi.waitFor(() => expect(Number(table.dataset.stateId)).toBeGreaterThan(before));
    }
    const stateID = (dom.byTestId('local-game') as HTMLElement).dataset.stateId;
    await vi.waitFor(async () => expect((await oneSaved()).moves).toHaveLength(Number(stateID)));
    const saved = await oneSaved();
    expect(saved.spec.seed).toBe('saved-1');
    expect(saved.round).toBe(1);
    expect(window.location.hash).toBe(`#/local?game=${saved.id}`);

    // A table in progress asks before an in-app link takes the page away.
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const link = document.createElement('a');
    link.href = '#/';
    document.body.append(link);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(confirm).toHaveBeenCalledWith(
      'Leave this table? The game is saved: you can resume it from the home page.',
    );
    expect(click.defaultPrevented).toBe(true);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    link.remove();

    dom.render(<p>elsewhere</p>);
    dom.render(
      <StrictMode>
        <LocalGame resume={saved.id} />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(dom.byTestId('handoff')).not.toBeNull());
    const table = dom.byTestId('local-game') as HTMLElement;
    expect(table.dataset.stateId).toBe(stateID);
    expect(dom.byTestId('my-turn')).toBeNull();
    expect(dom.byTestId('resume-failure')).toBeNull();
  });

  it('leaves the address of the page the person went to when a save ends after they left', async () => {
    // Every write waits until the test lets it end.
    const held: (() => void)[] = [];
    const slow: KeyValueStore<SavedLocalGame> = {
      ...store,
      set: (key, value) =>
        new Promise<void>((done) => held.push(() => void store.set(key, value).then(done))),
    };
    replaceSavedGamesStore(slow);
    window.history.replaceState(null, '', '#/local/1?seed=late-1');
    dom.render(<LocalGame players={1} seed="late-1" />);
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
    // A link followed (the hash is home's) before the table is gone; then the write ends.
    window.history.pushState(null, '', '#/');
    for (const release of held.splice(0)) release();
    await vi.waitFor(async () => expect(await store.values()).toHaveLength(1));
    await act(async () => {});
    expect(window.location.hash).toBe('#/');
  });

  it('explains a saved game that is gone or damaged, with the way home', async () => {
    dom.render(<LocalGame resume="no-such-game" />);
    await vi.waitFor(() => expect(dom.byTestId('saved-game-missing')).not.toBeNull());
    expect(dom.byTestId('saved-game-missing')?.textContent).toMatch(
      /not saved on this device any more.*Back to the home page/,
    );
    await store.set('bad', { id: 'bad' } as SavedLocalGame);
    dom.render(<LocalGame resume="bad" />);
    await vi.waitFor(() =>
      expect(dom.byTestId('saved-game-missing')?.textContent).toMatch(
        /This saved game cannot be resumed: The table settings are missing\./,
      ),
    );
  });
});

describe('the Resume list on the home page', () => {
  const dom = domPerTest('fr');

  it('lists unfinished games, latest first, each to resume or delete', async () => {
    const game = (id: string, updatedAt: number, round: number): SavedLocalGame => ({
      id,
      spec: {
        seats: [
          { name: 'Ada', bot: null },
          { name: 'Cadet Vega', bot: 'cadet' },
        ],
        options: {},
        seed: id,
      },
      moves: [],
      startedAt: 0,
      updatedAt,
      round,
    });
    await store.set('old', game('old', Date.UTC(2026, 0, 2, 10), 3));
    await store.set('new', game('new', Date.UTC(2026, 0, 3, 10), 5));
    dom.render(<ResumeList />);
    await vi.waitFor(() => expect(dom.byTestId('resume-list')).not.toBeNull());
    const items = [...dom.host.querySelectorAll<HTMLElement>('[data-testid="saved-game"]')];
    expect(items.map((li) => li.dataset.gameId)).toEqual(['new', 'old']);
    expect(items[0]?.textContent).toMatch(
      /Ada, Cadet Vega \(bot\) · manche 5 · jouée pour la dernière fois le/,
    );
    const resume = items[0]?.querySelector('a') as HTMLAnchorElement;
    expect(resume.getAttribute('href')).toBe('#/local?game=new');
    expect(resume.getAttribute('aria-label')).toBe('Reprendre la partie de Ada, Cadet Vega (bot)');
    act(() => (items[0]?.querySelector('button') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(dom.host.querySelectorAll('[data-testid="saved-game"]')).toHaveLength(1));
    expect(await store.get('new')).toBeUndefined();
    act(() => (dom.host.querySelector('[data-testid="delete-game"]') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(dom.byTestId('resume-list')).toBeNull());
  });
});
