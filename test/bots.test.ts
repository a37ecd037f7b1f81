/**
 * The bot ladder: decisions from the player's own view only (hidden state never read, the state
 * never modified), complete legal games at every level for 1 to 6 players, non-empty reasons,
 * the Pilot well above random play, and determinization drawing only from unseen tiles.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Action, GameState, PlayerID } from '../game/core/types';
import { createRng, type Rng } from '../game/core/prng';
import { applyAction, legalActions } from '../game/engine';
import { playGame, BOTS } from '../game/sim';
import { playerView } from '../game/view';
import {
  BOT_LEVELS,
  BOT_LEVEL_IDS,
  botStats,
  chooseAction,
  hint,
  type BotBudget,
  type BotLevel,
} from '../game/bots';
import { canon, clearPlans } from '../game/bots/common';

/** Hints from two sampled worlds and no clock: quick, and the same on any machine. */
const QUICK_HINT: BotBudget = { samples: 2, ms: 60_000 };
import {
  choosePlanet,
  CORPORATION_SKILL,
  expectedScore,
  PLANET_SKILL,
  pilotDecide,
} from '../game/bots/pilot';
import { onlyLowers } from '../game/bots/plan';
import { cloneDraft, newDraft } from '../game/rules/draft';
import { PLAYABLE_PLANETS } from '../game/content/planets';
import { SYMMETRIC_CORPORATION, SYMMETRIC_PLANET } from '../game/data';
import type { PendingItem } from '../game/core/types';
import { determinize, seenTiles, tilesOfShape, unseenTiles } from '../game/bots/knowledge';
import { CIV_CARDS } from '../game/data';
import { initialGameState } from '../game/match';
import { corporationRules, PLAYABLE_CORPORATIONS } from '../game/content/corporations';
import { scenario } from './support/scenario';
import { advanceWorth, evalEnv, fadeOf } from '../game/bots/features';
import { formatMessage, isMessage, type Message, type MessageValue } from '../game/core/messages';
import { GRID } from '../game/core/types';
import en from '../game/messages/en.json';
import fr from '../game/messages/fr.json';

const QUICK: BotBudget = { ms: 40, samples: 1 };
const FIXED_SAMPLES: BotBudget = { ms: 1e9, samples: 2 };

/** Every message inside a reason, the reason first (values may nest messages and lists of them). */
function messagesIn(m: Message): Message[] {
  const out: Message[] = [m];
  const visit = (v: MessageValue) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (isMessage(v)) out.push(...messagesIn(v));
  };
  Object.values(m.values ?? {}).forEach(visit);
  return out;
}

/** The squares a reason names, as "x,y" in the grid's own numbering. */
const squaresIn = (m: Message): string[] =>
  messagesIn(m)
    .filter((n) => n.values?.x !== undefined)
    .map((n) => `${String(n.values?.x)},${String(n.values?.y)}`);

/** A bot's reason: a `hint.*` code (nesting hints and pending gains) with texts in both languages, grid numbers on the grid. */
function expectWellFormedHint(reason: Message): void {
  expect(reason.code).toMatch(/^hint\./);
  for (const m of messagesIn(reason)) {
    const [group = '', key = ''] = m.code.split('.');
    expect(['hint', 'pending']).toContain(group);
    expect((en as Record<string, object>)[group]).toHaveProperty(key);
    expect((fr as Record<string, object>)[group]).toHaveProperty(key);
    for (const name of ['x', 'y', 'index'] as const) {
      const v = m.values?.[name];
      if (v === undefined) continue;
      expect(
        Number.isInteger(v) && (v as number) >= 0 && (v as number) < GRID,
        `${m.code} ${name}=${String(v)}`,
      ).toBe(true);
    }
  }
  const text = formatMessage(reason);
  expect(text.trim().length).toBeGreaterThan(0);
  expect(text).not.toMatch(/{{|undefined|NaN/);
}

/** A state of a random game at the start of round `round`'s turns (nobody has acted yet). */
function midGame(players: number, seed: string, round = 5): GameState {
  let found: GameState | null = null;
  playGame({
    numPlayers: players,
    seed,
    onAction: (state) => {
      if (
        !found &&
        state.round === round &&
        state.step === 'turns' &&
        Object.values(state.confirmed).every((c) => !c)
      )
        found = structuredClone(state);
    },
  });
  if (!found) throw new Error(`no round ${round} in ${seed}`);
  return found;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** The same game with every hidden part changed: stack orders below the tops, civ piles, others' turns. */
function tamper(state: GameState, viewer: PlayerID): GameState {
  const s = structuredClone(state);
  for (const stack of s.hidden.stacks) {
    if (stack.length < 3) continue;
    const top = stack.pop() as number;
    stack.reverse();
    stack.push(top);
  }
  for (const rank of Object.keys(s.hidden.civPiles)) {
    const r = Number(rank);
    const pile = s.hidden.civPiles[r] ?? [];
    const aside = s.hidden.civSetAside[r] ?? [];
    if (pile.length && aside.length) [pile[0], aside[0]] = [aside[0] as number, pile[0] as number];
  }
  s.hidden.eventDeck.reverse();
  s.hidden.objectiveDeck.reverse();
  for (const p of s.playerIDs) {
    if (p === viewer) continue;
    const takes = legalActions(s, p).filter((a) => a.type === 'takeTile');
    const take = takes[takes.length - 1];
    if (take) applyAction(s, p, take);
  }
  return s;
}

/** Any read of the hidden state throws. */
function poisonHidden(state: GameState): GameState {
  const trap = new Proxy(
    {},
    {
      get: () => {
        throw new Error('a bot read the hidden state');
      },
    },
  );
  return { ...state, hidden: trap as GameState['hidden'] };
}

afterEach(() => clearPlans());

describe('bots see only their own player view (§9)', () => {
  const levels: BotLevel[] = ['cadet', 'pilot', 'commander'];
  for (const level of levels) {
    it(`${level}: the same decision whatever is hidden, and the state is never modified`, () => {
      for (const [players, seed] of [
        [1, 'view-1'],
        [3, 'view-3'],
      ] as const) {
        const state = midGame(players, seed);
        const decide = (s: GameState) => {
          clearPlans();
          return chooseAction(level, s, '0', createRng('same'), FIXED_SAMPLES);
        };
        const plain = decide(state);
        const changed = decide(poisonHidden(tamper(state, '0')));
        expect(canon(changed.action)).toBe(canon(plain.action));
        expect(changed.reason).toEqual(plain.reason);
        const frozen = deepFreeze(structuredClone(state));
        const fromFrozen = decide(frozen);
        expect(canon(fromFrozen.action)).toBe(canon(plain.action));
      }
    });
  }

  it('each level receives the view, never the full state', () => {
    const state = midGame(3, 'inputs');
    for (const level of BOT_LEVEL_IDS) {
      const spy = vi.spyOn(BOT_LEVELS[level], 'decide');
      chooseAction(level, state, '1', createRng('inputs'), QUICK);
      expect(spy).toHaveBeenCalledTimes(1);
      const view = spy.mock.calls[0]?.[0] as GameState;
      expect(view.hidden.stacks).toEqual([]);
      expect(view.hidden.civPiles).toEqual({});
      expect(view.hidden.eventDeck).toEqual([]);
      for (const p of view.playerIDs) if (p !== '1') expect(view.private[p]?.turn ?? null).toBeNull();
      spy.mockRestore();
    }
  });
});

describe('determinization (knowledge.ts)', () => {
  it('fills each stack below its visible top with unseen tiles of its shape only', () => {
    for (const [players, seed] of [
      [1, 'det-1'],
      [2, 'det-2'],
      [4, 'det-4'],
    ] as const) {
      const state = midGame(players, seed, 7);
      const view = playerView(state, '0');
      const seen = seenTiles(view);
      const unseen = unseenTiles(view);
      for (let k = 0; k < 5; k++) {
        const world = determinize(view, '0', createRng(`det:${k}`));
        for (const depot of view.station.depots) {
          for (const side of ['small', 'large'] as const) {
            const pub = depot[side];
            const stack = world.hidden.stacks[pub.shape] ?? [];
            expect(stack.length).toBe(pub.count);
            if (pub.top !== null) expect(stack[stack.length - 1]).toBe(pub.top);
            for (const t of stack.slice(0, -1)) {
              expect(seen.has(t)).toBe(false);
              expect(unseen[pub.shape]).toContain(t);
              expect(tilesOfShape(pub.shape)).toContain(t);
            }
          }
        }
        // The remaining set of each stack is public knowledge (§9): the sample keeps it exactly.
        const sorted = (xs: number[][]) => xs.map((x) => [...x].sort((a, b) => a - b));
        expect(sorted(world.hidden.stacks)).toEqual(sorted(state.hidden.stacks));
        // Civ piles: the right sizes, no card anyone is seen to hold.
        const held = new Set(Object.values(view.boards).flatMap((b) => b.civCards.map((c) => c.id)));
        for (const [rank, pile] of Object.entries(world.hidden.civPiles)) {
          expect(pile.length).toBe(view.civPileSizes[Number(rank)]);
          for (const card of pile) {
            expect(held.has(card)).toBe(false);
            expect(CIV_CARDS.find((c) => c.id === card)?.rank).toBe(Number(rank));
          }
        }
        expect(world.hidden.eventDeck.length).toBe(view.eventsLeft);
      }
    }
  });

  it('keeps an event the player peeked at (117) on top of every sampled deck, and nowhere else', () => {
    const state = initialGameState(1, 'det-peek', { events: 'standard' });
    const next = state.hidden.eventDeck.at(-1) as number;
    (state.private['0'] as { peekedEvent: number | null }).peekedEvent = next;
    const view = playerView(state, '0');
    expect(view.private['0']?.peekedEvent).toBe(next);
    for (let k = 0; k < 5; k++) {
      const deck = determinize(view, '0', createRng(`peek:${k}`)).hidden.eventDeck;
      expect(deck).toHaveLength(view.eventsLeft);
      expect(deck.at(-1)).toBe(next);
      expect(deck.filter((e) => e === next)).toHaveLength(1);
    }
  });
});

describe('every level plays complete games', () => {
  // Six games with a searching level: the timeout allows for a busy machine.
  it('1 to 6 players, mixed levels, without an illegal action, with a reason for every decision', () => {
    const lineup: BotLevel[] = ['pilot', 'cadet', 'commander', 'random', 'pilot', 'cadet'];
    const reasons: Message[] = [];
    const fallbacks = botStats.fallbacks;
    for (let players = 1; players <= 6; players++) {
      const seats = Array.from(
        { length: players },
        (_, i) => lineup[(i + players) % lineup.length] as BotLevel,
      );
      const bots = seats.map((level) => (state: GameState, player: PlayerID, rng: Rng): Action => {
        const d = chooseAction(level, state, player, rng, QUICK);
        reasons.push(d.reason);
        return d.action;
      });
      // Two players without the variant: the commander turns the station (§3.3).
      const setupData = players === 2 ? { twoPlayerVariant: false } : undefined;
      const played = playGame({ numPlayers: players, seed: `ladder-${players}`, bots, setupData });
      expect(played.state.step).toBe('over');
    }
    expect(reasons.length).toBeGreaterThan(100);
    for (const r of reasons) expectWellFormedHint(r);
    expect(botStats.fallbacks - fallbacks).toBe(0);
  }, 120_000);

  it('the sim registry offers every level', () => {
    for (const level of BOT_LEVEL_IDS) expect(typeof BOTS[level]).toBe('function');
    expect(BOT_LEVEL_IDS).toEqual(['random', 'cadet', 'pilot', 'commander']);
  });

  it('a plan made in one game is never replayed in another that starts from the same empty board', () => {
    const a = midGame(1, 'plans-0', 1);
    const b = midGame(1, 'plans-8', 1);
    expect(a.boards['0']).toEqual(b.boards['0']);
    // B's whole first turn, decided alone and then after A's first turn was planned.
    const turnOf = (state: GameState): string[] => {
      const s = structuredClone(state);
      const out: string[] = [];
      for (let step = 0; step < 30; step++) {
        const action = chooseAction('pilot', s, '0', createRng('plans')).action;
        out.push(canon(action));
        expect(applyAction(s, '0', action)).toBeNull();
        if (action.type === 'confirm') break;
      }
      return out;
    };
    clearPlans();
    const alone = turnOf(b);
    clearPlans();
    turnOf(a);
    expect(turnOf(b)).toEqual(alone);
  });

  it('hint: a legal action and a reason for a human player', () => {
    const state = midGame(2, 'hint');
    const h = hint(state, '1');
    expect(legalActions(playerView(state, '1'), '1').map(canon)).toContain(canon(h.action));
    expectWellFormedHint(h.reason);
  });

  it('the Commander keeps to its time budget: it reads its clock before every playout and stops past the deadline', () => {
    const state = midGame(1, 'budget');
    // A clock that reads 0 ms when the search starts, then 100 ms more at every look: with a
    // 350 ms budget the search may start playouts only while the clock is within it.
    let reads = 0;
    const clock = () => 100 * reads++;
    const decision = chooseAction('commander', state, '0', createRng('budget'), {
      ms: 350,
      hardMs: 350,
      clock,
    });
    const playouts = reads - 1;
    expect(playouts).toBeGreaterThan(0);
    // Looks at 100, 200 and 300 ms start playouts; the look at 400 ms stops the search.
    expect(playouts).toBeLessThanOrEqual(4);
    expect(legalActions(playerView(state, '0'), '0').map(canon)).toContain(canon(decision.action));
  });
});

describe('strength', () => {
  it('the Pilot beats random play by a wide margin', () => {
    const score = (level: BotLevel, seed: string) =>
      playGame({ numPlayers: 1, seed, bots: [BOTS[level] as (typeof BOTS)[string]] }).state.result?.scores[0]
        ?.total ?? 0;
    const seeds = ['wide-1', 'wide-2', 'wide-3'];
    const pilot = seeds.map((s) => score('pilot', s));
    const random = seeds.map((s) => score('random', s));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(pilot)).toBeGreaterThan(mean(random) + 15);
    for (let k = 0; k < seeds.length; k++) expect(pilot[k]).toBeGreaterThan(random[k] as number);
    // Head to head: the Pilot wins both seatings.
    for (const seats of [
      ['pilot', 'random'],
      ['random', 'pilot'],
    ] as const) {
      const played = playGame({
        numPlayers: 2,
        seed: 'wide-duel',
        bots: seats.map((l) => BOTS[l] as (typeof BOTS)[string]),
      });
      const pilotSeat = seats.indexOf('pilot');
      expect(played.state.result?.winners).toEqual([String(pilotSeat)]);
    }
  });
});

describe('bot reasons are messages', () => {
  const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

  it('every hint code has an English and a French text with the same values', () => {
    const codes = Object.keys(en.hint);
    expect(codes.length).toBeGreaterThan(20);
    expect(Object.keys(fr.hint).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const english = (en.hint as Record<string, string>)[code] as string;
      const french = (fr.hint as Record<string, string>)[code] as string;
      expect(english.trim(), code).not.toBe('');
      expect(french.trim(), code).not.toBe('');
      expect(placeholders(french), code).toEqual(placeholders(english));
    }
  });

  it("a hint and its reason name the same square, in the board's own numbering", () => {
    let checked = 0;
    for (const [players, seed, round] of [
      [1, 'squares-1', 3],
      [2, 'squares-2', 6],
      [3, 'squares-3', 9],
    ] as const) {
      const state = midGame(players, seed, round);
      const player = '0';
      // Follow the hints through the whole turn: a placement, gains, rover moves, the confirm.
      for (let step = 0; step < 40; step++) {
        const view = playerView(state, player);
        if (legalActions(view, player).length === 0) break;
        const { action, reason } = hint(state, player, QUICK_HINT);
        expectWellFormedHint(reason);
        const named = new Set(squaresIn(reason));
        let square: string | null = null;
        if (action.type === 'placeTile') square = `${action.x},${action.y}`;
        else if (action.type === 'moveRover') square = String(action.path[action.path.length - 1]);
        else if (action.type === 'resolve' && action.choice?.x !== undefined)
          square = `${action.choice.x},${String(action.choice.y)}`;
        if (square !== null) {
          expect([...named], `${canon(action)}: ${formatMessage(reason)}`).toEqual([square]);
          checked++;
        } else {
          expect([...named], `${canon(action)}: ${formatMessage(reason)}`).toEqual([]);
        }
        expect(applyAction(state, player, action)).toBeNull();
        if (action.type === 'confirm') break;
      }
    }
    expect(checked).toBeGreaterThan(2);
  });

  it('a line a reason names is a line of the grid, counted from 0 as the board labels it', () => {
    // A planet's last column is 11: a reason completing it must say so, not "column 12".
    const state = midGame(1, 'lines', 12);
    const { reason } = hint(state, '0', QUICK_HINT);
    for (const m of messagesIn(reason)) {
      const index = m.values?.index;
      if (index !== undefined) expect(index).toBeLessThan(GRID);
    }
    expectWellFormedHint(reason);
  });
});

describe('the evaluator asks the rules where a tracker goes', () => {
  it("values an advance by the squares the corporation's rules offer, not by the next row up", () => {
    const state = midGame(1, 'tracks');
    const board = structuredClone(state.boards['0']!);
    const env = evalEnv(state, '0');
    const fade = fadeOf(board, env);
    const oneStep = advanceWorth(board, env, fade, 'civ', 1);
    expect(advanceWorth(board, env, fade, 'civ', 2)).toBeGreaterThan(0);
    const rules = corporationRules(board.corporation);
    // A track that winds: from any square the rules offer the square two rows up, or none at the top.
    const winding = vi.spyOn(rules, 'nextSquares').mockImplementation((corp, b, track) => {
      const at = b.trackers[track];
      return at.row + 2 <= corp.tracks[at.col].top ? [{ col: at.col, row: at.row + 2 }] : [];
    });
    try {
      // One step now lands where two straight steps did (without the square jumped over).
      expect(advanceWorth(board, env, fade, 'civ', 1)).not.toBeCloseTo(oneStep, 6);
      expect(winding).toHaveBeenCalled();
      // A blocked track (a tech slot, say): the rules offer no square, so the advance is worth nothing.
      winding.mockReturnValue([]);
      expect(advanceWorth(board, env, fade, 'civ', 2)).toBe(0);
    } finally {
      winding.mockRestore();
    }
    expect(board).toEqual(state.boards['0']);
  });
});

describe('every corporation (§8.2)', () => {
  /** The Pilot's decisions for player 0 until its turn is confirmed; the actions it took. */
  /** The Pilot's turn; with `handSet`, on the hand-set evaluator alone (no learned correction). */
  function pilotTurn(state: GameState, handSet = false): Action[] {
    const taken: Action[] = [];
    for (let guard = 0; guard < 80 && legalActions(state, '0').length > 0; guard++) {
      const view = playerView(state, '0');
      const { action, reason } = handSet
        ? pilotDecide(view, '0', legalActions(view, '0'), { model: null })
        : chooseAction('pilot', state, '0', createRng('turn'));
      expectWellFormedHint(reason);
      expect(applyAction(state, '0', action)).toBeNull();
      taken.push(action);
      if (action.type === 'confirm') break;
    }
    return taken;
  }

  for (const corporation of PLAYABLE_CORPORATIONS) {
    it(`the Cadet plays ${corporation} legally to the end, solo, with a reason for every decision`, () => {
      const fallbacks = botStats.fallbacks;
      const reasons: Message[] = [];
      const bot = (state: GameState, player: PlayerID, rng: Rng): Action => {
        const d = chooseAction('cadet', state, player, rng);
        reasons.push(d.reason);
        return d.action;
      };
      const played = playGame({
        numPlayers: 1,
        seed: `corp-${corporation}`,
        setupData: { seats: [{ corporation }] },
        bots: [bot],
      });
      expect(played.state.step).toBe('over');
      expect(played.state.boards['0']?.corporation).toBe(corporation);
      for (const r of reasons) expectWellFormedHint(r);
      expect(botStats.fallbacks - fallbacks).toBe(0);
    });
  }

  it('§8.2, R12: the Pilot uses a once-per-round power that pays (Horizon Group tech 5 lifts its rover tracker)', () => {
    const s = scenario({ setupData: { seats: [{ corporation: 'horizon-group' }] } }).tracker('0', 'tech', 14);
    const g = s.start();
    const before = g.board('0').trackers.rover.row;
    const taken = pilotTurn(g.state);
    expect(taken).toContainEqual({ type: 'useAbility', ability: 'advanceRoverTracker', choice: {} });
    expect(g.board('0').trackers.rover.row).toBeGreaterThan(before);
  });

  it('R32: the hand-set evaluator values an early lifepod on a Jump Drive tech slot, which unlocks its tech for good', () => {
    // The evaluator's terms read the slot's tech through the corporation's hooks. The learned
    // correction (docs/bots.md) weighs techs less, as the search does, and may prefer another spot.
    const s = scenario({ setupData: { seats: [{ corporation: 'jump-drive' }] } });
    s.board('0').collected.lifepods = 1;
    const g = s.pending('0', { kind: 'lifepodSpot' }).start();
    const spotAction = pilotTurn(g.state, true).find((a) => a.type === 'resolve' && a.choice?.spot);
    expect(spotAction?.type === 'resolve' && spotAction.choice?.spot).toMatch(/^slot:/);
    expect(g.board('0').corp.parkedLifepods).toHaveLength(1);
  });

  it('§8.2, R7: the Pilot weighs every square an advance may reach (Makeshift)', () => {
    const s = scenario({ setupData: { seats: [{ corporation: 'makeshift' }] } });
    const g = s.pending('0', { kind: 'advance', track: 'water', steps: 1, source: 'card' }).start();
    const view = playerView(g.state, '0');
    const destinations = legalActions(view, '0').filter((a) => a.type === 'resolve');
    expect(destinations.length).toBeGreaterThan(1);
    const { action } = chooseAction('pilot', g.state, '0', createRng('dest'));
    expect(destinations.map(canon)).toContain(canon(action));
  });

  it('R32: in the last round the Pilot brings a lifepod parked on a Cosmos Inc. track back to score', () => {
    const s = scenario({ setupData: { seats: [{ corporation: 'cosmos-inc' }] } }).tracker('0', 'tech', 14);
    const board = s.board('0');
    board.collected.lifepods = 1;
    board.corp.parkedLifepods = ['civ:9'];
    const g = s.start();
    g.state.endTriggers = ['depotEmpty'];
    const taken = pilotTurn(g.state);
    expect(taken.some((a) => a.type === 'useAbility' && a.choice?.from === 'civ:9')).toBe(true);
    expect(g.board('0').corp.parkedLifepods).toEqual([]);
  });

  it('R33: offered any planet and any corporation, a bot chooses a listed pair (the Cadet then plays it to the end)', () => {
    const state = initialGameState(1, 'free-choice', { boards: 'free' });
    const offered = legalActions(playerView(state, '0'), '0');
    expect(offered.every((a) => a.type === 'chooseBoard')).toBe(true);
    for (const level of ['pilot', 'commander'] as const) {
      const { action, reason } = chooseAction(level, state, '0', createRng('free'), QUICK);
      expect(offered.map(canon)).toContain(canon(action));
      expectWellFormedHint(reason);
    }
    let chosen = '';
    const cadet = (s: GameState, player: PlayerID, rng: Rng): Action => {
      const { action } = chooseAction('cadet', s, player, rng);
      if (action.type === 'chooseBoard') chosen = action.corporation;
      return action;
    };
    const played = playGame({
      numPlayers: 1,
      seed: 'free-cadet',
      setupData: { boards: 'free' },
      bots: [cadet],
    });
    expect(PLAYABLE_CORPORATIONS).toContain(chosen);
    expect(played.state.boards['0']?.corporation).toBe(chosen);
  });

  it('R33: the Pilot picks the pair it scores best on, measured per planet and per corporation, the same way each time', () => {
    const pairs = (planets: string[], corporations: string[]): Action[] =>
      planets.flatMap((planet) =>
        corporations.map((corporation) => ({ type: 'chooseBoard' as const, planet, corporation })),
      );
    const offered = pairs([...PLAYABLE_PLANETS], [...PLAYABLE_CORPORATIONS]);
    const best = (options: Action[]) =>
      options.reduce((a, b) =>
        a.type === 'chooseBoard' && b.type === 'chooseBoard'
          ? expectedScore(b.planet, b.corporation) > expectedScore(a.planet, a.corporation) + 0.05
            ? b
            : a
          : a,
      );
    const { action, reason } = choosePlanet(offered);
    expect(action).toEqual(best(offered));
    expect(choosePlanet([...offered].reverse()).action).toEqual(action);
    expectWellFormedHint(reason);
    // Not by printed complexity: a measured planet beats a simpler one the Pilot scores less on.
    const byPlanet = Object.entries(PLANET_SKILL).sort((x, y) => y[1] - x[1]);
    const [top] = byPlanet[0] as [string, number];
    const [bottom] = byPlanet[byPlanet.length - 1] as [string, number];
    expect(choosePlanet(pairs([bottom, top], [SYMMETRIC_CORPORATION])).action).toMatchObject({ planet: top });
    expect(choosePlanet(pairs([top, bottom], [SYMMETRIC_CORPORATION])).action).toMatchObject({ planet: top });
    // Every playable board is measured, and the corporation's figure moves every planet alike.
    for (const planet of PLAYABLE_PLANETS) expect(PLANET_SKILL[planet]).toBeGreaterThan(0);
    for (const corporation of PLAYABLE_CORPORATIONS)
      expect(CORPORATION_SKILL[corporation]).toBeGreaterThan(0);
    expect(expectedScore(top, 'republic') - expectedScore(bottom, 'republic')).toBeCloseTo(
      expectedScore(top, SYMMETRIC_CORPORATION) - expectedScore(bottom, SYMMETRIC_CORPORATION),
    );
    // Equal figures: the simpler planet, then the first listed.
    const twins = pairs([SYMMETRIC_PLANET, SYMMETRIC_PLANET], ['makeshift']);
    expect(choosePlanet(twins).action).toBe(twins[0]);
  });

  it('§8.2 Makeshift tech 4: the Pilot never drops a tracker with nothing left in the turn to climb back', () => {
    const g = scenario({ players: 1, setupData: { seats: [{ corporation: 'makeshift' }] } }).start();
    const before = cloneDraft(newDraft(g.board('0')));
    before.board.trackers.civ = { col: 'civ', row: 3 };
    const dropped = cloneDraft(before);
    dropped.board.trackers.civ = { col: 'civ', row: 2 };
    expect(onlyLowers(before, dropped)).toBe(true);
    // An advance still pending may climb back over the milestone: then the drop can pay.
    dropped.pending.push({ id: 99, kind: 'synergy', source: 'tile' } as PendingItem);
    expect(onlyLowers(before, dropped)).toBe(false);
    expect(onlyLowers(before, cloneDraft(before))).toBe(false);
  });

  it("§9: a corporation's cards shown to one player never reach another seat's bot", () => {
    // Republic's end-game civ cards and Jump Drive F's objectives wait in the player's private draft.
    const g = scenario({
      players: 2,
      setupData: { seats: [{ corporation: 'republic' }, { corporation: 'jump-drive' }] },
    })
      .pending('0', {
        kind: 'corporation',
        gain: 'keepCivCards',
        count: 2,
        optional: false,
        cards: [1, 2, 3],
      })
      .start();
    for (const level of ['cadet', 'pilot', 'commander'] as const) {
      const spy = vi.spyOn(BOT_LEVELS[level], 'decide');
      chooseAction(level, g.state, '1', createRng('secret'), QUICK);
      const view = spy.mock.calls[0]?.[0] as GameState;
      expect(view.private['0']?.turn ?? null).toBeNull();
      expect(JSON.stringify(view)).not.toContain('keepCivCards');
      spy.mockRestore();
    }
  });
});
