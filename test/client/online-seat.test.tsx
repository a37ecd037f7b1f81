// @vitest-environment jsdom
/**
 * The online match page's seat controls without a server (the Lobby calls mocked): renaming, leaving
 * and handing one's seat to a bot behind a confirmation, an empty seat to a bot, "Play again", the
 * server's reasons shown; and which of matchData or presence names a seat.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../client/i18n';
import type { Presence, SeatCredentials } from '../../client/online/lobby';

const calls = vi.hoisted(() => ({
  renamed: [] as unknown[],
  left: [] as unknown[],
  handed: [] as unknown[],
  again: [] as unknown[],
  fail: null as Error | null,
}));

/** A refusal as LobbyClient and the bot route report it: the status, then the server's text. */
const refusal = (status: number, text: string) =>
  Object.assign(new Error(`HTTP status ${status}`), { details: text });

vi.mock('../../client/online/lobby', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../client/online/lobby')>();
  const maybeFail = () => (calls.fail ? Promise.reject(calls.fail) : Promise.resolve());
  return {
    ...original,
    renameSeat: async (matchID: string, seat: SeatCredentials, newName: string) => {
      await maybeFail();
      calls.renamed.push({ matchID, playerID: seat.playerID, newName });
      return { ...seat, playerName: newName };
    },
    leaveSeat: async (matchID: string, seat: SeatCredentials) => {
      await maybeFail();
      calls.left.push({ matchID, playerID: seat.playerID });
    },
    handSeatToBot: async (matchID: string, seat: SeatCredentials, target: string, level: string) => {
      await maybeFail();
      calls.handed.push({ matchID, playerID: seat.playerID, target, level });
      return { playerID: target, name: `Bot ${level}`, bot: level };
    },
    playAgain: async (matchID: string, seat: SeatCredentials) => {
      await maybeFail();
      calls.again.push({ matchID, playerID: seat.playerID });
      return 'next-match';
    },
  };
});

const { MySeat } = await import('../../client/online/MySeat');
const { PlayAgain } = await import('../../client/online/PlayAgain');
const { SeatsPanel } = await import('../../client/online/OnlineGame');
const { seatNames } = await import('../../client/online/seat-names');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const seat: SeatCredentials = { playerID: '1', credentials: 'secret', playerName: 'Bob' };

let host: HTMLDivElement;
let root: Root;

beforeEach(() => {
  setLanguage('en');
  window.location.hash = '#/match/m1';
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  calls.renamed.length = 0;
  calls.left.length = 0;
  calls.handed.length = 0;
  calls.again.length = 0;
  calls.fail = null;
});

async function render(node: React.ReactNode) {
  await act(async () => {
    root.render(node);
  });
}

const byTestId = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = host.querySelector<T>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`No element with data-testid="${id}"`);
  return el;
};
const has = (id: string) => host.querySelector(`[data-testid="${id}"]`) !== null;

async function click(id: string) {
  await act(async () => {
    byTestId(id).click();
  });
}

async function type(id: string, value: string) {
  const input = byTestId<HTMLInputElement>(id);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function choose(id: string, value: string) {
  const select = byTestId<HTMLSelectElement>(id);
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function mySeat(running = true) {
  const handlers = { onRenamed: vi.fn(), onHanded: vi.fn(), onLeft: vi.fn() };
  const node = <MySeat matchID="m1" seat={seat} name="Bob" running={running} {...handlers} />;
  return { node, ...handlers };
}

describe('your seat', () => {
  it('renames the seat and says so; an empty name is refused before the server', async () => {
    const { node, onRenamed } = mySeat();
    await render(node);
    expect(byTestId<HTMLInputElement>('rename-input').value).toBe('Bob');
    await type('rename-input', '   ');
    await click('rename-seat');
    expect(byTestId('seat-error').textContent).toBe('Enter a name first.');
    expect(calls.renamed).toEqual([]);

    await type('rename-input', '  Bobby ');
    await click('rename-seat');
    expect(calls.renamed).toEqual([{ matchID: 'm1', playerID: '1', newName: 'Bobby' }]);
    expect(onRenamed).toHaveBeenCalledWith({ ...seat, playerName: 'Bobby' });
    expect(byTestId('rename-status').textContent).toBe('Renamed to Bobby.');
    expect(has('seat-error')).toBe(false);
  });

  it('leaves only after a confirmation, which can be cancelled (the focus goes back)', async () => {
    const { node, onLeft } = mySeat();
    await render(node);
    expect(has('seat-confirm')).toBe(false);
    await click('leave-seat');
    const dialog = byTestId('seat-confirm');
    expect(dialog.getAttribute('role')).toBe('group');
    expect(dialog.textContent).toMatch(/Leave this match for good\?/);
    expect(document.activeElement).toBe(byTestId('cancel-seat-action'));
    expect(calls.left).toEqual([]);

    await click('cancel-seat-action');
    expect(has('seat-confirm')).toBe(false);
    expect(document.activeElement).toBe(byTestId('leave-seat'));

    await click('leave-seat');
    await click('confirm-seat-action');
    expect(calls.left).toEqual([{ matchID: 'm1', playerID: '1' }]);
    expect(onLeft).toHaveBeenCalledOnce();
  });

  it('hands the seat to a bot of the chosen level after a confirmation', async () => {
    const { node, onHanded } = mySeat();
    await render(node);
    await click('hand-to-bot');
    expect(byTestId('seat-confirm').textContent).toMatch(/Hand your seat to a bot\?/);
    const levels = [...byTestId<HTMLSelectElement>('my-seat-bot-level').options].map((o) => o.value);
    expect(levels).toEqual(['cadet', 'pilot', 'commander']);
    await choose('my-seat-bot-level', 'commander');
    expect(byTestId('confirm-seat-action').textContent).toBe('Hand my seat to a Commander bot');
    await click('confirm-seat-action');
    expect(calls.handed).toEqual([{ matchID: 'm1', playerID: '1', target: '1', level: 'commander' }]);
    expect(onHanded).toHaveBeenCalledWith('commander');
  });

  it("shows the server's reason when it refuses", async () => {
    const { node, onHanded } = mySeat();
    await render(node);
    calls.fail = refusal(409, 'The game is over.');
    await click('hand-to-bot');
    await click('confirm-seat-action');
    expect(byTestId('seat-error').textContent).toBe(
      'Could not hand the seat to a bot: HTTP status 409: The game is over.',
    );
    expect(byTestId('seat-error').getAttribute('role')).toBe('alert');
    expect(onHanded).not.toHaveBeenCalled();
    // The confirmation stays, to try again or cancel.
    expect(has('seat-confirm')).toBe(true);

    calls.fail = refusal(403, 'Invalid credentials');
    await click('cancel-seat-action');
    await type('rename-input', 'Bobby');
    await click('rename-seat');
    expect(byTestId('seat-error').textContent).toBe(
      'Could not rename the seat: HTTP status 403: Invalid credentials',
    );
  });

  it('in a finished match only renames', async () => {
    await render(mySeat(false).node);
    expect(has('rename-seat')).toBe(true);
    expect(has('leave-seat')).toBe(false);
    expect(has('hand-to-bot')).toBe(false);
  });

  it('speaks French too', async () => {
    setLanguage('fr');
    await render(mySeat().node);
    expect(byTestId('leave-seat').textContent).toBe('Quitter la partie…');
    act(() => setLanguage('en'));
  });
});

describe('empty seats', () => {
  const presence = (players: Presence['players']): Presence => ({ matchID: 'm1', players, spectators: 0 });
  const panel = (over: Partial<Parameters<typeof SeatsPanel>[0]> = {}) => {
    const p = presence([
      { id: 0, name: 'Ada', connected: true, connections: 1 },
      { id: 1, connected: false, connections: 0 },
    ]);
    return (
      <SeatsPanel
        matchID="m1"
        presence={p}
        names={{ '0': 'Ada' }}
        connected={false}
        seats={[0, 1]}
        mine={{ playerID: '0', credentials: 'c0', playerName: 'Ada' }}
        canJoin={false}
        canHand
        onJoined={vi.fn()}
        onHanded={vi.fn()}
        {...over}
      />
    );
  };

  it('a seated player hands a seat whose person left to a bot', async () => {
    const onHanded = vi.fn();
    await render(panel({ onHanded }));
    expect(byTestId('presence-1').dataset.state).toBe('open');
    expect(has('seat-to-bot-0')).toBe(false);
    await choose('empty-seat-bot-level', 'pilot');
    await click('seat-to-bot-1');
    expect(calls.handed).toEqual([{ matchID: 'm1', playerID: '0', target: '1', level: 'pilot' }]);
    expect(byTestId('empty-seat-status').textContent).toBe('Seat 2 is now played by Bot pilot.');
    expect(onHanded).toHaveBeenCalledOnce();
  });

  it('shows this page’s own seat connected once its socket is up, before the presence route says so', async () => {
    const stale = presence([
      { id: 0, name: 'Ada', connected: false, connections: 0 },
      { id: 1, connected: false, connections: 0 },
    ]);
    await render(panel({ presence: stale }));
    expect(byTestId('presence-0').dataset.state).toBe('offline');
    await render(panel({ presence: stale, connected: true }));
    expect(byTestId('presence-0').dataset.state).toBe('online');
    expect(byTestId('presence-0').textContent).toBe('Ada (you) · connected');
    expect(byTestId('presence-1').dataset.state).toBe('open');
  });

  it('shows the refusal, and offers nothing to a spectator or once the game is over', async () => {
    await render(panel());
    calls.fail = refusal(409, 'Seat 1 is already played by a bot.');
    await click('seat-to-bot-1');
    expect(byTestId('seats-error').textContent).toBe(
      'Could not hand the seat to a bot: HTTP status 409: Seat 1 is already played by a bot.',
    );
    await render(panel({ canHand: false }));
    expect(has('seat-to-bot-1')).toBe(false);
  });
});

describe('play again', () => {
  it('asks for the next match and goes there', async () => {
    await render(<PlayAgain matchID="m1" seat={seat} />);
    expect(byTestId('play-again-panel').textContent).toMatch(/seat 2 again/);
    await click('play-again');
    expect(calls.again).toEqual([{ matchID: 'm1', playerID: '1' }]);
    expect(window.location.hash).toBe('#/match/next-match');
  });

  it("stays and shows the server's reason when it fails", async () => {
    calls.fail = refusal(404, 'Match m1 not found');
    await render(<PlayAgain matchID="m1" seat={seat} />);
    await click('play-again');
    expect(window.location.hash).toBe('#/match/m1');
    expect(byTestId('play-again-error').textContent).toBe(
      'Could not start the next match: HTTP status 404: Match m1 not found',
    );
    expect(byTestId<HTMLButtonElement>('play-again').disabled).toBe(false);
  });
});

describe('seat names', () => {
  it('come from whichever of matchData and presence arrived last', () => {
    const matchData = [
      { id: 0, name: 'Ada' },
      { id: 1, name: 'Bob' },
    ];
    expect(seatNames(matchData, null)).toEqual({ '0': 'Ada', '1': 'Bob' });
    // A rename reaches the others by the presence poll.
    const renamed: Presence = {
      matchID: 'm1',
      players: [
        { id: 0, name: 'Ada', connected: true, connections: 1 },
        { id: 1, name: 'Bobby', connected: true, connections: 1 },
      ],
      spectators: 0,
    };
    expect(seatNames(matchData, renamed)).toEqual({ '0': 'Ada', '1': 'Bobby' });
    // Then Bob leaves: his disconnection brings fresh matchData, newer than that poll.
    const left = [{ id: 0, name: 'Ada' }, { id: 1 }];
    expect(seatNames(left, renamed)).toEqual({ '0': 'Ada', '1': undefined });
    expect(seatNames(undefined, renamed)['1']).toBe('Bobby');
  });
});
