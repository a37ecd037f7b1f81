// @vitest-environment jsdom
/**
 * The pages: hash routes (table settings, the older route, damaged links), the forms' setupData,
 * the end screen's chart and winners, and the language switch.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameResult } from '../../game/core/types';
import { i18next, setLanguage } from '../../client/i18n';
import { decodeLocalSpec, localSpecHref, type LocalSpec } from '../../client/local/setup-spec';
import { parseRoute } from '../../client/routes';
import { onlineSetupData, setupDataFrom, DEFAULT_OPTIONS } from '../../client/pages/match-options';
import { soloTarget } from '../../game/rules/solo';
import { EVENT_PRESETS, validateSetupData } from '../../game/setup-data';

const lobbyCalls = vi.hoisted(() => ({
  created: [] as unknown[],
  joined: [] as unknown[],
  /** The pages of the public list asked for, and how many open matches it holds. */
  pages: [] as number[],
  openMatches: 0,
}));

// The Lobby API without a server: a fixed list, creation and joins recorded.
vi.mock('../../client/online/lobby', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../client/online/lobby')>();
  return {
    ...original,
    lobby: () => ({
      listMatches: () => Promise.resolve({ matches: [] }),
      createMatch: (game: string, body: unknown) => {
        lobbyCalls.created.push(body);
        return Promise.resolve({ matchID: 'm1' });
      },
    }),
    fetchOpenMatches: (page: number) => {
      lobbyCalls.pages.push(page);
      const shown = Math.max(0, Math.min(50, lobbyCalls.openMatches - (page - 1) * 50));
      const matches = Array.from({ length: shown }, (_, i) => ({
        matchID: `p${page}m${i}`,
        gameName: 'planet-unknown',
        players: [{ id: 0, name: 'Ada' }, { id: 1 }],
        createdAt: 0,
        updatedAt: 0,
      }));
      return Promise.resolve({ matches, page, perPage: 50, total: lobbyCalls.openMatches });
    },
    joinSeat: (matchID: string, name: string, playerID: string) => {
      lobbyCalls.joined.push({ matchID, name, playerID });
      return Promise.resolve({ playerID, credentials: 'c', playerName: name });
    },
  };
});

const { App } = await import('../../client/App');
const { OnlineLobby } = await import('../../client/online/OnlineLobby');
const { LocalSetup } = await import('../../client/local/LocalSetup');
const { ScoreBoard } = await import('../../client/board/ScoreBoard');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;

beforeEach(() => {
  setLanguage('en');
  window.location.hash = '';
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  lobbyCalls.created.length = 0;
  lobbyCalls.joined.length = 0;
  lobbyCalls.pages.length = 0;
  lobbyCalls.openMatches = 0;
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

async function choose(id: string, value: string) {
  const select = byTestId<HTMLSelectElement>(id);
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
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

async function click(el: HTMLElement) {
  await act(async () => {
    el.click();
  });
}

describe('routes', () => {
  const spec: LocalSpec = {
    seats: [
      { name: 'Ada', bot: null },
      { name: 'Cadet bot', bot: 'cadet' },
    ],
    options: { events: 'veteran', privateObjectives: true },
    seed: 's1',
  };

  it('reads a table spec from #/local?spec=…', () => {
    expect(parseRoute(localSpecHref(spec))).toEqual({ page: 'local', spec });
  });

  it('turns the older #/local/<players>?seed= into a table of people named Player 1…N', () => {
    expect(parseRoute('#/local/3?seed=abc')).toEqual({
      page: 'local',
      spec: {
        seats: [
          { name: 'Player 1', bot: null },
          { name: 'Player 2', bot: null },
          { name: 'Player 3', bot: null },
        ],
        options: {},
        seed: 'abc',
      },
    });
    expect(parseRoute('#/local/1')).toEqual({
      page: 'local',
      spec: { seats: [{ name: 'Player 1', bot: null }], options: {} },
    });
  });

  it('gives a clear error for a damaged or wrong spec, a missing one, or a bad seat count', () => {
    expect(parseRoute('#/local?spec=%%%')).toEqual({
      page: 'local',
      error: 'The table link is damaged: its settings cannot be read.',
    });
    const allBots = localSpecHref({ seats: [{ name: 'B', bot: 'pilot' }], options: {} });
    expect(parseRoute(allBots)).toEqual({ page: 'local', error: 'At least one seat must be a person.' });
    expect(parseRoute('#/local')).toMatchObject({ page: 'local', error: expect.any(String) });
    expect(parseRoute('#/local/9')).toMatchObject({ page: 'local', error: expect.any(String) });
  });

  it('names the people of the older route in the current language', () => {
    setLanguage('fr');
    expect(parseRoute('#/local/2')).toMatchObject({
      spec: { seats: [{ name: 'Joueur 1' }, { name: 'Joueur 2' }] },
    });
  });

  it('keeps the home seed and reads match ids', () => {
    expect(parseRoute('#/?seed=x')).toEqual({ page: 'home', seed: 'x' });
    expect(parseRoute('')).toEqual({ page: 'home', seed: undefined });
    expect(parseRoute('#/match/a%20b')).toEqual({ page: 'match', matchID: 'a b' });
  });

  it('shows the error page for a bad link, with a way home', async () => {
    window.location.hash = '#/local?spec=broken!';
    await render(<App />);
    expect(byTestId('route-error').textContent).toMatch(/cannot be read/);
    expect(byTestId('route-error').querySelector('a')?.getAttribute('href')).toBe('#/');
  });
});

describe('setupData from the forms', () => {
  it('sends only what applies to the player count', () => {
    // Solo offers any planet and corporation by default (R33).
    expect(setupDataFrom(DEFAULT_OPTIONS, 1)).toEqual({ boards: 'free', events: 'standard' });
    expect(setupDataFrom({ ...DEFAULT_OPTIONS, events: 'nightmare' }, 1)).toEqual({
      boards: 'free',
      events: 'nightmare',
    });
    expect(setupDataFrom(DEFAULT_OPTIONS, 2)).toEqual({
      events: null,
      privateObjectives: false,
      twoPlayerVariant: true,
    });
    expect(setupDataFrom({ events: 'cadet', privateObjectives: true, twoPlayerVariant: false }, 4)).toEqual({
      events: 'cadet',
      privateObjectives: true,
    });
    expect(onlineSetupData(DEFAULT_OPTIONS, 3, ['pilot', null, 'commander'])).toEqual({
      events: null,
      privateObjectives: false,
      bots: { '1': 'pilot' },
    });
  });

  it('the create-match form sends the chosen options and bot seats', async () => {
    await render(<OnlineLobby />);
    await type('online-name', 'Ada');
    await choose('online-players', '4');
    await choose('online-seat-1', 'pilot');
    await choose('online-seat-3', 'commander');
    await choose('online-events', 'veteran');
    await click(byTestId('online-private-objectives'));
    await click(byTestId('create-match'));
    expect(lobbyCalls.created).toEqual([
      {
        numPlayers: 4,
        setupData: {
          events: 'veteran',
          privateObjectives: true,
          bots: { '1': 'pilot', '3': 'commander' },
        },
      },
    ]);
    expect(lobbyCalls.joined).toEqual([{ matchID: 'm1', name: 'Ada', playerID: '0' }]);
    expect(window.location.hash).toBe('#/match/m1');
  });

  it('pages through the open matches the server lists, newest first', async () => {
    lobbyCalls.openMatches = 120;
    await render(<OnlineLobby />);
    expect(byTestId('match-pages').textContent).toContain('Page 1 of 3');
    expect(byTestId<HTMLButtonElement>('page-newer').disabled).toBe(true);
    expect(host.querySelectorAll('[data-testid="match-list"] > li')).toHaveLength(50);
    await click(byTestId('page-older'));
    await click(byTestId('page-older'));
    expect(lobbyCalls.pages).toEqual([1, 2, 3]);
    expect(byTestId('match-pages').textContent).toContain('Page 3 of 3');
    expect(byTestId<HTMLButtonElement>('page-older').disabled).toBe(true);
    expect(host.querySelectorAll('[data-testid="match-list"] > li')).toHaveLength(20);
  });

  it('shows no pager while one page holds every open match', async () => {
    lobbyCalls.openMatches = 3;
    await render(<OnlineLobby />);
    expect(host.querySelector('[data-testid="match-pages"]')).toBeNull();
    expect(host.querySelectorAll('[data-testid="match-list"] > li')).toHaveLength(3);
  });

  it('the two-player variant is asked only with two players', async () => {
    await render(<OnlineLobby />);
    expect(host.querySelector('[data-testid="online-two-player-variant"]')).not.toBeNull();
    await click(byTestId('online-two-player-variant'));
    await click(byTestId('create-match'));
    expect(lobbyCalls.created).toEqual([
      { numPlayers: 2, setupData: { events: null, privateObjectives: false, twoPlayerVariant: false } },
    ]);
    await choose('online-players', '3');
    expect(host.querySelector('[data-testid="online-two-player-variant"]')).toBeNull();
  });

  it('the local form starts a table against bots with the seats, names and seed', async () => {
    await render(<LocalSetup seed="s9" />);
    await click(byTestId('local-mode-bots'));
    await choose('local-players', '3');
    await type('local-seat-0-name', 'Zoé');
    await choose('local-seat-2-kind', 'commander');
    await choose('local-events', 'cadet');
    await click(byTestId('start-local'));
    const code = window.location.hash.replace('#/local?spec=', '');
    expect(decodeLocalSpec(code)).toEqual({
      seats: [
        { name: 'Zoé', bot: null },
        { name: 'Pilot Altair', bot: 'pilot' },
        { name: 'Commander Rigel', bot: 'commander' },
      ],
      options: { events: 'cadet', privateObjectives: false },
      seed: 's9',
    });
  });

  it('against bots with N players makes every other seat a bot, each with a name of its own', async () => {
    await render(<LocalSetup seed="s10" />);
    await click(byTestId('local-mode-bots'));
    await choose('local-players', '4');
    expect([1, 2, 3].map((i) => byTestId<HTMLSelectElement>(`local-seat-${i}-kind`).value)).toEqual([
      'pilot',
      'pilot',
      'pilot',
    ]);
    await choose('local-seat-3-kind', 'cadet');
    await click(byTestId('start-local'));
    const spec = decodeLocalSpec(window.location.hash.replace('#/local?spec=', ''));
    expect('seats' in spec && spec.seats.map((s) => s.name)).toEqual([
      'Player 1',
      'Pilot Altair',
      'Pilot Rigel',
      'Cadet Deneb',
    ]);
  });

  it('solo uses the Standard deck and has no "no events" choice; it offers any planet and corporation (R33)', async () => {
    await render(<LocalSetup />);
    const events = byTestId<HTMLSelectElement>('local-events');
    expect([...events.options].map((o) => o.value)).not.toContain('none');
    expect(events.value).toBe('standard');
    expect(byTestId<HTMLSelectElement>('local-boards').value).toBe('free');
    await click(byTestId('start-local'));
    const code = window.location.hash.replace('#/local?spec=', '');
    expect(decodeLocalSpec(code)).toEqual({
      seats: [{ name: 'Player 1', bot: null }],
      options: { boards: 'free', events: 'standard' },
    });
  });

  it('shows the solo target of the chosen deck before the game starts (§7.4)', async () => {
    await render(<LocalSetup />);
    const target = () => byTestId('local-solo-target').textContent;
    expect(target()).toContain(`${soloTarget(EVENT_PRESETS.standard)} points`);
    await choose('local-events', 'nightmare');
    expect(target()).toContain(`${soloTarget(EVENT_PRESETS.nightmare)} points`);
    // A custom mix: the target follows the counts; none while the mix is impossible.
    await choose('local-events', 'custom');
    await type('local-events-green', '10');
    await type('local-events-orange', '5');
    await type('local-events-red', '5');
    expect(target()).toContain(`${soloTarget({ green: 10, orange: 5, red: 5 })} points`);
    await type('local-events-red', '9');
    expect(host.querySelector('[data-testid="local-solo-target"]')).toBeNull();
    // Multiplayer has no target.
    await click(byTestId('local-mode-pass'));
    expect(host.querySelector('[data-testid="local-solo-target"]')).toBeNull();
  });

  it('a custom event mix is sent as counts; an impossible one is explained and cannot be created', async () => {
    await render(<OnlineLobby />);
    await type('online-name', 'Ada');
    await choose('online-players', '3');
    await choose('online-events', 'custom');
    expect(byTestId<HTMLInputElement>('online-events-green').value).toBe('7');
    await type('online-events-green', '9');
    const create = byTestId<HTMLButtonElement>('create-match');
    // 9 + 7 + 6 = 22: the engine's own message, and no way to create the match.
    const tooMany = validateSetupData({ events: { green: 9, orange: 7, red: 6 } }, 3);
    expect(tooMany).toMatch(/exactly 20 cards/);
    expect(byTestId('online-options-error').textContent).toContain(tooMany);
    expect(byTestId('online-events-total').textContent).toBe('Total: 22 of 20 cards.');
    expect(create.disabled).toBe(true);
    // Twenty red cards: more than the deck holds in multiplayer.
    await type('online-events-green', '0');
    await type('online-events-orange', '0');
    await type('online-events-red', '20');
    expect(byTestId('online-options-error').textContent).toMatch(/Only \d+ red event cards are available/);
    expect(create.disabled).toBe(true);
    // An empty field is not a count.
    await type('online-events-red', '');
    expect(byTestId('online-options-error').textContent).toMatch(/whole number|exactly 20/);
    await type('online-events-green', '9');
    await type('online-events-orange', '6');
    await type('online-events-red', '5');
    expect(host.querySelector('[data-testid="online-options-error"]')).toBeNull();
    expect(create.disabled).toBe(false);
    await click(create);
    expect(lobbyCalls.created).toEqual([
      { numPlayers: 3, setupData: { events: { green: 9, orange: 6, red: 5 }, privateObjectives: false } },
    ]);
  });

  it('the local form refuses to start with an impossible custom mix', async () => {
    await render(<LocalSetup seed="s1" />);
    await choose('local-events', 'custom');
    await type('local-events-red', '0');
    expect(byTestId('local-options-error').textContent).toMatch(/exactly 20 cards; this mix has 14/);
    expect(byTestId<HTMLButtonElement>('start-local').disabled).toBe(true);
    await type('local-events-orange', '13');
    expect(byTestId<HTMLButtonElement>('start-local').disabled).toBe(false);
    await click(byTestId('start-local'));
    const code = window.location.hash.replace('#/local?spec=', '');
    expect(decodeLocalSpec(code)).toMatchObject({ options: { events: { green: 7, orange: 13, red: 0 } } });
  });

  it('refuses a table of bots only, with a message, and does not navigate', async () => {
    await render(<LocalSetup />);
    await click(byTestId('local-mode-bots'));
    await choose('local-seat-0-kind', 'cadet');
    window.location.hash = '#/';
    await click(byTestId('start-local'));
    expect(byTestId('local-error').textContent).toMatch(/person/);
    expect(window.location.hash).toBe('#/');
  });
});

describe('end screen', () => {
  const breakdown = (
    planet: number,
    tracks: number,
    lifepods: number,
    meteorites: number,
    civ: number,
    objectives: number,
  ) => ({
    planet,
    tracks,
    lifepods,
    meteorites,
    civ,
    objectives,
  });
  const noDetail = () => ({
    tracks: { civ: 0, water: 0, biomass: 0, rover: 0, tech: 0 },
    civCards: [],
    objectives: [],
  });
  const result: GameResult = {
    scores: [
      {
        player: '0',
        total: 60,
        breakdown: breakdown(20, 15, 5, 4, 10, 6),
        detail: noDetail(),
        uncovered: 3,
        meteoritesOnPlanet: 1,
        rank: 1,
      },
      {
        player: '1',
        total: 60,
        breakdown: breakdown(25, 10, 5, 4, 10, 6),
        detail: noDetail(),
        uncovered: 5,
        meteoritesOnPlanet: 0,
        rank: 2,
      },
      {
        player: '2',
        total: 41,
        breakdown: breakdown(12, 9, 0, 2, 13, 5),
        detail: noDetail(),
        uncovered: 9,
        meteoritesOnPlanet: 2,
        rank: 3,
      },
    ],
    winners: ['0'],
    endReasons: ['depotEmpty'],
    rounds: 11,
  };
  const names = { '0': 'Ada', '1': 'Bob', '2': 'Cy' };
  const categories = ['planet', 'tracks', 'lifepods', 'meteorites', 'civ', 'objectives'];

  it('draws every player’s categories as bar segments with the numbers written, and names the winner', async () => {
    await render(<ScoreBoard result={result} names={names} />);
    for (const s of result.scores) {
      const text = byTestId(`chart-${s.player}-text`).textContent ?? '';
      for (const c of categories) {
        const value = s.breakdown[c as keyof typeof s.breakdown];
        expect(text).toContain(`${c === 'civ' ? 'Civilisation' : c[0]!.toUpperCase() + c.slice(1)} ${value}`);
        const segment = host.querySelector(`[data-testid="chart-${s.player}-${c}"]`);
        if (value > 0) expect(segment?.textContent).toBe(String(value));
        else expect(segment).toBeNull();
      }
    }
    // The widest bar is the best positive sum; others are in proportion.
    expect(byTestId<HTMLElement>('chart-1-planet').style.width).toBe(`${(100 * 25) / 60}%`);
    expect(byTestId('winners').textContent).toBe('Winner: Ada');
    expect(byTestId('tie-note').textContent).toMatch(/tie was broken/);
    expect(host.querySelector('[data-testid="download-record"]')).toBeNull();
  });

  it('shares a victory still tied after the tie-breakers', async () => {
    await render(<ScoreBoard result={{ ...result, winners: ['0', '1'] }} names={names} />);
    expect(byTestId('winners').textContent).toBe('Winners: Ada, Bob');
    expect(byTestId('tie-note').textContent).toMatch(/shared/);
  });

  it('shows the solo target and epilogue, and downloads the record', async () => {
    const solo: GameResult = {
      scores: [result.scores[0]!],
      winners: ['0'],
      endReasons: ['eventsExhausted'],
      rounds: 20,
      solo: { target: 64, margin: -4, epilogue: 'The colony holds on.' },
    };
    const record = vi.fn(() => ({ format: 'planet-unknown-match' }));
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => {
      created.push('blob');
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    await render(<ScoreBoard result={solo} record={record} />);
    expect(byTestId('solo-epilogue').textContent).toMatch(/Your score 60, the event deck's target 64/);
    expect(byTestId('solo-epilogue').textContent).toMatch(/4 below the target/);
    expect(byTestId('solo-epilogue').textContent).toMatch(/The colony holds on\./);
    expect(host.querySelector('[data-testid="winners"]')).toBeNull(); // solo has a target, not a winner (§7.4)
    await click(byTestId('download-record'));
    expect(record).toHaveBeenCalledOnce();
    expect(created).toEqual(['blob']);
  });
});

describe('language switch', () => {
  it('switches the page to French and back, and remembers the choice', async () => {
    await render(<App />);
    expect(host.querySelector('#local-title')?.textContent).toBe('Play on this device');
    await click(byTestId('language-fr'));
    expect(i18next.language).toBe('fr');
    expect(host.querySelector('#local-title')?.textContent).toBe('Jouer sur cet appareil');
    expect(byTestId('language-fr').getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem('pu.language')).toBe('fr');
    await click(byTestId('language-en'));
    expect(host.querySelector('#local-title')?.textContent).toBe('Play on this device');
  });
});
