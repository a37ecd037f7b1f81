/**
 * The corporations' secrets through the real server (§9, §8.2): a three-player match stored in the
 * server's own format from a hand-made position, in whose one round Republic's tech 2 adds a card
 * of the next rank to its civ offer, Jump Drive's tech F shows three objective cards, and, the game
 * ending with that round, Republic's tech 5 offers every card left in the civ piles. Each offer must
 * reach its owner's sockets; every event the other seats' and a spectator's sockets receive (syncs,
 * fresh syncs while an offer is open, updates, match data) is searched for the offers, for each
 * offered card by id (wherever a message names a card) and by name until it is public, and, as in
 * `secrets.test.ts`, for the seed, the hidden piles and decks and every seat's private part.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateGameReducer, createMatch as newMatchRecord } from 'boardgame.io/internal';
import type { Action, GameState, PendingItem, PlayerID } from '../../game/core/types';
import { civCardById, objectiveById } from '../../game/data';
import { PlanetUnknown } from '../../game/game';
import { playerView } from '../../game/view';
import { DurableFlatFile } from '../../server/storage';
import { plainStep } from '../support/first-step';
import { scenario } from '../support/scenario';
import {
  Player,
  RawSocket,
  joinSeat,
  sendAndHear,
  startTestServer,
  type Seat,
  type TestServer,
} from './support';
import {
  Recorder,
  leaks,
  movesOf,
  newestStateID,
  secretsOf,
  shownStateID,
  socketOf,
  storedInitialState,
  storedLog,
  whereOf,
  type LogEntry,
  type Secret,
  type StoredState,
} from './secrets-support';

const REPUBLIC = '0';
const JUMP_DRIVE = '1';
const HORIZON = '2';
const SETUP = {
  seats: [{ corporation: 'republic' }, { corporation: 'jump-drive' }, { corporation: 'horizon-group' }],
};
const MATCH_ID = 'board-secrets';

/**
 * The civ piles: Republic's rank-1 milestone offers 3 and 7, and tech 2 adds a card drawn at
 * random from rank 2 (§8.2): 9, the only one there.
 */
const PILES: Record<number, number[]> = { 1: [3, 7], 2: [9], 3: [8, 15], 4: [] };
const CIV_OFFER = { rank: 1, cards: [3, 7, 9] };
/** Kept from the civ offer: an End Game card, face down until the end-game phase (§9). */
const CIV_KEPT = 7;
/** What tech 5 offers at the end: every card left in the piles (§8.2, §6.2), and the two kept. */
const END_OFFER = [3, 9, 8, 15];
const END_KEPT = [8, 15];

/**
 * Round 1, turns begun: Republic (tech 14: techs 2 and 5) stands one square below its rank-1 civ
 * milestone with the biomass/civ domino in its depot, Jump Drive has a lifepod on tech F's slot,
 * and the game ends with the round (as if a player were stuck, §6.1).
 */
function handMadePosition(): GameState {
  const s = scenario({ players: 3, setupData: SETUP })
    .depot(REPUBLIC, { small: 'i-biomass-civ' })
    .tracker(REPUBLIC, 'civ', 1)
    .tracker(REPUBLIC, 'water', 3) // a tracker the milestone's forced regression can move down
    .tracker(REPUBLIC, 'tech', 14)
    .parkedLifepods(JUMP_DRIVE, ['slot:5']);
  for (const [rank, pile] of Object.entries(PILES)) s.civPile(Number(rank), ...pile);
  const g = s.start();
  g.state.endTriggers.push('stuck');
  return g.state;
}

/**
 * Store the match as the server stores a new one: boardgame.io's initial state and metadata (no
 * seat taken) built around the hand-made position, written by the server's FlatFile storage.
 */
async function storeMatch(dataDir: string, G: GameState, seed: string): Promise<void> {
  const record = newMatchRecord({
    game: { ...PlanetUnknown, seed, setup: () => G },
    numPlayers: 3,
    setupData: SETUP,
    unlisted: false,
  });
  if ('setupDataError' in record) throw new Error(record.setupDataError);
  const storage = new DurableFlatFile(dataDir);
  await storage.connect();
  await storage.createMatch(MATCH_ID, record);
  await storage.close();
}

/** A card offered to one seat, which no one else may learn before `publicFrom` (a stored state id). */
interface OfferedCard {
  what: string;
  id: number;
  name: string;
  owner: PlayerID;
  publicFrom: number;
}

/** The civ card and objective ids a message names: `"card":n`, `"cards":[…]` and held civ cards. */
function cardIdsIn(text: string): Set<number> {
  const ids = new Set<number>();
  for (const m of text.matchAll(/"card":(\d+)/g)) ids.add(Number(m[1]));
  for (const m of text.matchAll(/"cards":\[([\d,]*)\]/g))
    for (const id of (m[1] as string).split(',').filter(Boolean)) ids.add(Number(id));
  for (const m of text.matchAll(/"id":(\d+),"rank":/g)) ids.add(Number(m[1]));
  return ids;
}

/** The state id a message is about (the last one the socket was told of, for those without one). */
function stateIDOf(event: string, args: unknown[], last: number): number {
  if (event === 'sync') return (args[1] as { state: { _stateID: number } }).state._stateID;
  if (event === 'update') return (args[1] as { _stateID: number })._stateID;
  if (event === 'patch') return args[2] as number;
  return last;
}

/** Each offered card a socket was told of by id or by name before it was public. */
function offeredCardLeaks(recorder: Recorder, cards: OfferedCard[], log: LogEntry[]): string[] {
  const found = new Set<string>();
  let stateID = -1;
  // The ids a socket is shown are its own (server/step-veil.ts).
  const publicFrom = (card: OfferedCard) =>
    card.publicFrom === Number.POSITIVE_INFINITY
      ? card.publicFrom
      : shownStateID(log, recorder.viewer, card.publicFrom);
  recorder.messages.forEach(({ event, args }, i) => {
    stateID = stateIDOf(event, args, stateID);
    const text = JSON.stringify(args);
    const ids = cardIdsIn(text);
    for (const card of cards) {
      if (card.owner === recorder.viewer || stateID >= publicFrom(card)) continue;
      if (ids.has(card.id)) found.add(`${whereOf(recorder, event, i)}: ${card.what} ${card.id}`);
      if (text.includes(card.name)) found.add(`${whereOf(recorder, event, i)}: ${card.what} "${card.name}"`);
    }
  });
  return [...found];
}

const keepCivCards = (item: PendingItem): item is Extract<PendingItem, { kind: 'corporation' }> =>
  item.kind === 'corporation' && item.gain === 'keepCivCards';

describe('the corporations’ secrets, offered through the server', () => {
  const seed = randomBytes(8).toString('hex');
  const position = handMadePosition();
  /** Jump Drive F's three objective cards: the top of the deck (top last), as drawn (§8.2). */
  const objectiveOffer = position.hidden.objectiveDeck.slice(-3).reverse();
  const objectiveKept = objectiveOffer[1] as number;
  let server: TestServer;
  let seats: Seat[];
  const players: Player[] = [];
  const raws = new Map<PlayerID | null, RawSocket>();
  const recorders: Recorder[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pu-board-secrets-'));
    await storeMatch(dataDir, position, seed);
    server = await startTestServer({}, dataDir);
    seats = [];
    for (const p of [REPUBLIC, JUMP_DRIVE, HORIZON]) seats.push(await joinSeat(server.url, MATCH_ID, p));
  });

  afterAll(async () => {
    for (const p of players) p.stop();
    for (const r of raws.values()) r.close();
    await server?.dispose();
  });

  it('shows each offer to its owner only: no other seat and no spectator is told of it, of its cards, the seed or the piles', async () => {
    // Raw sockets see exactly what goes over the wire; the clients that play are watched too.
    for (const seat of [null, ...seats]) {
      const raw = new RawSocket(server.url);
      raws.set(seat?.playerID ?? null, raw);
      recorders.push(new Recorder(seat?.playerID ?? null, raw.socket));
      expect(await raw.sync(MATCH_ID, seat?.playerID ?? null, seat?.credentials)).not.toBeNull();
    }
    const newPlayer = (seat: Seat | null): Player => {
      const player = new Player(server.url, MATCH_ID, seat);
      recorders.push(new Recorder(seat?.playerID ?? null, socketOf(player)));
      players.push(player);
      return player;
    };
    const watcher = newPlayer(null);
    const [republic, jumpDrive, horizon] = seats.map((seat) => newPlayer(seat)) as [Player, Player, Player];
    await Promise.all(players.map((p) => p.synced()));
    expect(watcher.G.step).toBe('turns');

    /** Play one action and wait for every client told of it to have it; the engine must accept it. */
    const play = async (player: Player, action: Action) => {
      await sendAndHear(player, action, players);
      expect(player.G.private[player.seat?.playerID as PlayerID]?.rejection ?? null).toBeNull();
    };
    /** The stored id of the match's newest state (each socket is shown an id of its own). */
    const now = () => newestStateID(storedLog(server.dataDir, MATCH_ID));
    /** The rest of a turn with the first choices the engine lists, then confirm. */
    const finishTurn = async (player: Player) => {
      for (;;) {
        const next = plainStep(player.legal());
        if (!next) break;
        await play(player, next);
      }
      await play(player, { type: 'confirm' });
    };
    /** Others sync afresh while an offer is open: a sync carries the state, the initial state and the log. */
    const othersSync = async (owner: PlayerID) => {
      for (const seat of [null, ...seats].filter((s) => s?.playerID !== owner))
        expect(
          await raws.get(seat?.playerID ?? null)?.sync(MATCH_ID, seat?.playerID ?? null, seat?.credentials),
        ).not.toBeNull();
    };

    // Jump Drive F: used in the turn, the three cards come once it is confirmed (§3.8).
    await play(jumpDrive, { type: 'useAbility', ability: 'sharedObjective' });
    await finishTurn(jumpDrive);
    expect(jumpDrive.G.private[JUMP_DRIVE]?.objectiveOffer).toEqual({
      cards: objectiveOffer,
      keep: 1,
      shared: true,
    });
    const openOffers = [now()];
    await othersSync(JUMP_DRIVE);
    await play(jumpDrive, { type: 'keepObjectives', cards: [objectiveKept] });
    const objectivePublic = now();
    expect(watcher.G.objectives).toContainEqual({
      card: objectiveKept,
      players: [REPUBLIC, JUMP_DRIVE, HORIZON],
    });

    // Republic reaches its rank-1 milestone; the round ends; tech 2 adds a rank-2 card to the offer.
    await play(republic, { type: 'takeTile', stack: 'small' });
    await play(republic, { type: 'placeTile', orientation: 0, x: 11, y: 5 });
    await finishTurn(republic);
    await finishTurn(horizon);
    expect(watcher.G.step).toBe('civ');
    expect(civCardById(9).rank).toBe(2);
    expect(republic.G.private[REPUBLIC]?.civOffer).toEqual(CIV_OFFER);
    openOffers.push(now());
    await othersSync(REPUBLIC);
    await play(republic, { type: 'pickCiv', card: CIV_KEPT });

    // The end-game phase: End Game cards face up (§6.2 step 3), then tech 5's offer of the piles.
    const endgameBegan = now();
    expect(watcher.G.step).toBe('endgame');
    const endOffer = () => republic.G.private[REPUBLIC]?.turn?.draft.pending.find(keepCivCards);
    expect(endOffer()).toMatchObject({ count: 2, cards: END_OFFER });
    openOffers.push(now());
    await othersSync(REPUBLIC);
    for (const card of END_KEPT)
      await play(republic, { type: 'resolve', item: endOffer()?.id as number, choice: { card } });
    await finishTurn(republic);
    const endKeptPublic = now(); // End Game cards are face up in the end-game phase (§6.2)
    for (let guard = 0; watcher.G.step !== 'over' && guard < 20; guard++) {
      const next = [jumpDrive, horizon].find((p) => p.canAct());
      if (!next) break;
      await finishTurn(next);
    }
    expect(watcher.G.step).toBe('over');
    const over = now();
    expect(watcher.G.boards[REPUBLIC]?.civCards.map((c) => c.id).sort()).toEqual(
      [CIV_KEPT, ...END_KEPT].sort(),
    );

    // (a) Each offer reached every socket of its owner, and every socket was told of the states in
    // which an offer was open: not a search of messages that never held one.
    expect(recorders).toHaveLength(8); // a raw socket and a playing client for each seat and the spectator
    const log = storedLog(server.dataDir, MATCH_ID);
    for (const r of recorders) {
      const shown = openOffers.map((id) => shownStateID(log, r.viewer, id));
      expect(shown.filter((id) => r.states().some((s) => s._stateID === id))).toEqual(shown);
    }
    for (const r of recorders.filter((x) => x.viewer === REPUBLIC)) {
      expect(
        r.states().some((s) => JSON.stringify(s.G.private[REPUBLIC]?.civOffer) === JSON.stringify(CIV_OFFER)),
      ).toBe(true);
      const shown = r
        .states()
        .flatMap((s) => s.G.private[REPUBLIC]?.turn?.draft.pending.filter(keepCivCards) ?? []);
      expect(shown.map((item) => item.cards)).toContainEqual(END_OFFER);
    }
    for (const r of recorders.filter((x) => x.viewer === JUMP_DRIVE))
      expect(r.states().map((s) => s.G.private[JUMP_DRIVE]?.objectiveOffer)).toContainEqual({
        cards: objectiveOffer,
        keep: 1,
        shared: true,
      });

    // (b) The secrets of every full state: the stored initial state replayed with every seat's moves.
    const reducer = CreateGameReducer({ game: PlanetUnknown });
    let state = storedInitialState(server.dataDir, MATCH_ID);
    expect(state.plugins.random?.data?.seed).toBe(seed);
    const states = [state];
    for (const move of movesOf(log)) {
      expect(move._stateID).toBe(state._stateID);
      state = reducer(state as never, move.action as never) as unknown as StoredState;
      states.push(state);
    }
    expect(state._stateID).toBe(over);
    const secrets = new Map<string, Secret>();
    for (const s of states)
      for (const secret of secretsOf(s, seats)) secrets.set(`${secret.owner}:${secret.text}`, secret);
    const kinds = new Set([...secrets.values()].map((s) => s.what));
    for (const kind of [
      'the seed',
      'the objective deck',
      "seat 0's civ offer",
      "seat 0's cards shown by its corporation",
      "seat 1's objective offer",
    ])
      expect(kinds).toContain(kind);

    // Each offered card, by id and by name, until it is public: the objective kept by Jump Drive,
    // the End Game cards Republic keeps once the end-game phase shows them; the others never.
    const never = Number.POSITIVE_INFINITY;
    const offered: OfferedCard[] = [
      ...objectiveOffer.map((id) => ({
        what: 'a Jump Drive F objective',
        id,
        name: objectiveById(id).neighbor.name,
        owner: JUMP_DRIVE,
        publicFrom: id === objectiveKept ? objectivePublic : never,
      })),
      ...[...new Set([...CIV_OFFER.cards, ...END_OFFER])].map((id) => ({
        what: 'a Republic civ card',
        id,
        name: civCardById(id).name,
        owner: REPUBLIC,
        publicFrom: id === CIV_KEPT ? endgameBegan : END_KEPT.includes(id) ? endKeptPublic : never,
      })),
    ];
    // Each name is one card's: a kept card's name, once public, is no other card's.
    expect(new Set(offered.map((c) => c.name)).size).toBe(offered.length);

    const found = recorders.flatMap((r) => [
      ...leaks(r, [...secrets.values()]),
      ...offeredCardLeaks(r, offered, log),
    ]);
    expect(found).toEqual([]);
    // The replay is the match the server played: the spectator's view of it is what it was shown.
    expect(playerView(state.G, null)).toEqual(watcher.G);
  });
});
