/**
 * Properties over many seeded random games (1–6 players): no exception, every placement legal by
 * an independent reading of the rules, totals equal to their breakdown, tiles conserved, hidden
 * information never in a player's view, and the boardgame.io replay agreeing with the engine.
 */
import { describe, expect, it } from 'vitest';
import { tilesAccountedFor } from './support/random-games';
import type { Action, GameState } from '../game/core/types';
import { applyAction } from '../game/engine';
import type { Rng } from '../game/core/prng';
import { randomBotAction } from '../game/bots/random-bot';
import { tileById } from '../game/data';
import { placementCells } from '../game/rules/legality';
import { recordFromLog, replay, type LogLikeEntry } from '../game/replay';
import { playGame } from '../game/sim';
import { playerView } from '../game/view';
import { naiveIsLegal } from './support/naive-placement';

const GAMES_PER_PLAYER_COUNT = 50; // 300 games in all

describe('property: random games of 1 to 6 players', () => {
  for (let players = 1; players <= 6; players++) {
    it(`${GAMES_PER_PLAYER_COUNT} games of ${players} player(s) keep every invariant`, () => {
      for (let k = 0; k < GAMES_PER_PLAYER_COUNT; k++) {
        const seed = `prop-${players}-${k}`;
        let checkedPlacements = 0;
        // The random bot, checked: every placement it is offered must be legal by the plain reading.
        const checkingBot = (state: GameState, player: string, rng: Rng) => {
          const action = randomBotAction(state, player, rng);
          if (action.type === 'placeTile') {
            const draft = state.private[player]?.turn?.draft;
            if (!draft?.taken) throw new Error('placement without a taken tile');
            const cells = placementCells(tileById(draft.taken.tileId).shape, action).map(
              (c) => [c % 12, Math.floor(c / 12)] as [number, number],
            );
            const lifted = draft.board.trackers.tech.row >= 3; // Universal Coalition tech 1 (§4.4)
            expect(naiveIsLegal(draft.board, cells, lifted), `${seed}: ${JSON.stringify(cells)}`).toBe(true);
            checkedPlacements++;
          }
          return action;
        };
        const played = playGame({ numPlayers: players, seed, bots: Array(players).fill(checkingBot) });
        const { state } = played;
        expect(state.step).toBe('over');
        expect(checkedPlacements).toBeGreaterThan(0);
        expect(tilesAccountedFor(state)).toBe(144);
        const result = state.result;
        if (!result) throw new Error('no result');
        for (const s of result.scores) {
          const b = s.breakdown;
          expect(s.total).toBe(b.planet + b.tracks + b.lifepods + b.meteorites + b.civ + b.objectives);
          expect(Object.values(b).every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
        }
        expect(result.winners.length).toBeGreaterThan(0);
        for (const p of state.playerIDs) {
          const view = playerView(state, p);
          expect(view.hidden.stacks).toEqual([]);
          expect(view.hidden.civPiles).toEqual({});
        }
      }
    });
  }
});

describe('property: a match is its seed plus its moves', () => {
  it('replaying the recorded moves through boardgame.io reaches the same final state', () => {
    for (const players of [1, 2, 4, 6]) {
      const played = playGame({ numPlayers: players, seed: `replay-${players}` });
      const replayed = replay(played.record);
      expect(replayed.failure).toBeNull();
      expect(replayed.state.result).toEqual(played.state.result);
      expect(replayed.state.boards).toEqual(played.state.boards);
    }
  });

  it('a game stopped part-way (stopWhen) is a record of that position: it replays to the same state', () => {
    const part = playGame({ numPlayers: 2, seed: 'part-way', stopWhen: (s) => s.round >= 3 });
    expect(part.state.round).toBe(3);
    expect(part.state.result).toBeNull();
    expect(part.record.moves).toHaveLength(part.actions);
    // Stopped on the move that began round 3: without it, the game still stood in round 2.
    const before = replay({ ...part.record, moves: part.record.moves.slice(0, -1) });
    expect(before.state.round).toBe(2);
    const replayed = replay(part.record);
    expect(replayed.failure).toBeNull();
    expect(replayed.state.boards).toEqual(part.state.boards);
    expect(replayed.state.round).toBe(3);
  });
});

describe('records from boardgame.io logs', () => {
  it('a match played through boardgame.io, rejected moves included, saves as a record that replays to the same state', () => {
    const played = playGame({ numPlayers: 2, seed: 'from-log' });
    // The same moves as boardgame.io log entries, with rejected moves sprinkled in.
    const log: LogLikeEntry[] = [];
    for (const [k, m] of played.record.moves.entries()) {
      if (k % 7 === 0) {
        log.push({
          action: {
            type: 'MAKE_MOVE',
            payload: { type: 'placeTile', args: [{ orientation: 9, x: 0, y: 0 }], playerID: m.player },
          },
        });
      }
      log.push({
        action: {
          type: 'MAKE_MOVE',
          payload: { type: m.move, args: m.args ? [m.args] : [], playerID: m.player },
        },
      });
    }
    const record = recordFromLog({ numPlayers: 2, seed: 'from-log' }, log);
    expect(record.moves).toEqual(played.record.moves);
    expect(replay(record).state.result).toEqual(played.state.result);
  });
});

describe('property: random games with events and private objectives (§7)', () => {
  const presets = ['cadet', 'standard', 'veteran', 'nightmare'] as const;
  for (let players = 1; players <= 6; players++) {
    it(`20 games of ${players} player(s) with events keep every invariant`, () => {
      for (let k = 0; k < 20; k++) {
        const preset = presets[k % 4] as (typeof presets)[number];
        const { state } = playGame({
          numPlayers: players,
          seed: `events-${players}-${k}`,
          setupData: { events: preset, ...(players > 1 ? { privateObjectives: true } : {}) },
        });
        expect(state.step).toBe('over');
        expect(tilesAccountedFor(state)).toBe(144);
        expect(state.round).toBeLessThanOrEqual(20); // the deck holds 20 events (§6.1 C)
        for (const s of state.result?.scores ?? []) {
          const b = s.breakdown;
          expect(s.total).toBe(b.planet + b.tracks + b.lifepods + b.meteorites + b.civ + b.objectives);
        }
        for (const p of state.playerIDs) {
          const view = playerView(state, p);
          expect(view.hidden.eventDeck).toEqual([]);
        }
        if (players === 1) expect(state.result?.solo?.target).toBeGreaterThan(0);
      }
    });
  }
});

describe('property: a rejected action changes nothing', () => {
  it('random actions, legal or not, thrown at random games: every refusal leaves the state exactly as it was', () => {
    const junk = (rng: Rng): Action => {
      const pick = rng.int(8);
      const n = () => rng.int(14) - 1;
      switch (pick) {
        case 0:
          return { type: 'placeTile', orientation: rng.int(10), x: n(), y: n() };
        case 1:
          return { type: 'takeTile', stack: rng.pick(['small', 'large']) };
        case 2:
          return { type: 'resolve', item: rng.int(6) };
        case 3:
          return { type: 'moveRover', rover: rng.int(3), path: [[n(), n()]] };
        case 4:
          return { type: 'pickCiv', card: rng.int(40) };
        case 5:
          return { type: 'rotate', rotation: rng.int(8) };
        case 6:
          return rng.pick([{ type: 'undo' }, { type: 'restart' }, { type: 'confirm' }] as Action[]);
        default:
          return { type: 'keepObjectives', cards: [rng.int(30)] };
      }
    };
    let refused = 0;
    for (const players of [1, 2, 3, 5]) {
      const noisyBot = (state: GameState, player: string, rng: Rng) => {
        for (let k = 0; k < 3; k++) {
          const trial = structuredClone(state);
          const action = junk(rng);
          if (applyAction(trial, player, action) !== null) {
            expect(trial, `${players}p ${JSON.stringify(action)}`).toEqual(state);
            refused++;
          }
        }
        return randomBotAction(state, player, rng);
      };
      const { state } = playGame({
        numPlayers: players,
        seed: `refusals-${players}`,
        setupData: players > 1 ? { events: 'standard', privateObjectives: true } : { events: 'veteran' },
        bots: Array(players).fill(noisyBot),
      });
      expect(state.step).toBe('over');
    }
    expect(refused).toBeGreaterThan(500);
  });
});
