/** Headless games between bots through the engine: the sim tool, property tests and benchmarks use it. */
import type { Action, GameState, PlayerID, SeatSetup } from './core/types';
import { createRng, type Rng } from './core/prng';
import { explainMessage } from './core/messages';
import { applyAction, awaiting, stageOf } from './engine';
import { initialGameState, recordMove, RECORD_FORMAT, RECORD_VERSION, type MatchRecord } from './match';
import { randomBotAction } from './bots/random-bot';
import { botFunction } from './bots';
import type { SetupData } from './setup-data';
import { GAME_NAME } from './game';
import { PLAYABLE_CORPORATIONS } from './content/corporations';
import { PLAYABLE_PLANETS } from './content/planets';

export type BotFn = (state: GameState, player: PlayerID, rng: Rng) => Action;

export const BOTS: Record<string, BotFn> = {
  random: randomBotAction,
  cadet: botFunction('cadet'),
  pilot: botFunction('pilot'),
  commander: botFunction('commander'),
};

export interface PlayedGame {
  state: GameState;
  record: MatchRecord;
  actions: number;
}

export interface PlayOptions {
  numPlayers: number;
  seed: string;
  setupData?: SetupData;
  bots?: BotFn[];
  /** Called after every applied action (for checks in tests). */
  onAction?: (state: GameState, player: PlayerID, action: Action) => void;
  maxActions?: number;
  /** Ends play early, before the game is over, once this holds after an action (a position to start from). */
  stopWhen?: (state: GameState) => boolean;
}

export function playGame(o: PlayOptions): PlayedGame {
  const state = initialGameState(o.numPlayers, o.seed, o.setupData);
  const rng = createRng(`bots:${o.seed}`);
  const record: MatchRecord = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    game: GAME_NAME,
    numPlayers: o.numPlayers,
    seed: o.seed,
    ...(o.setupData ? { setupData: o.setupData } : {}),
    moves: [],
  };
  const limit = o.maxActions ?? 20_000;
  let actions = 0;
  while (state.step !== 'over' && !o.stopWhen?.(state)) {
    // Simultaneous stages: each waiting player acts in turn, which is one valid interleaving.
    const players = Object.keys(awaiting(state));
    if (players.length === 0) throw new Error(`Nobody can act in step "${state.step}".`);
    for (const player of players) {
      if (!stageOf(state, player)) continue;
      const bot = o.bots?.[state.playerIDs.indexOf(player)] ?? randomBotAction;
      const action = bot(state, player, rng);
      const why = applyAction(state, player, action);
      if (why)
        throw new Error(`Bot of player ${player} chose an illegal ${action.type}: ${explainMessage(why)}`);
      record.moves.push(recordMove(player, action));
      o.onAction?.(state, player, action);
      if (++actions > limit) throw new Error(`No end after ${limit} actions.`);
      if (o.stopWhen?.(state)) break;
    }
  }
  return { state, record, actions };
}

/** A board the tools give every seat: an id, or `random` for a distinct random one per seat. */
export interface SeatBoards {
  planet?: string;
  corporation?: string;
}

const PLAYABLE = { planet: PLAYABLE_PLANETS, corporation: PLAYABLE_CORPORATIONS } as const;

/**
 * Why a `--planet` or `--corporation` value cannot be used, naming the ids that can; or null.
 * `keyword` is the word the tool also takes (`random` for the sim), if any.
 */
export function seatBoardError(
  part: keyof SeatBoards,
  value: string,
  keyword: string | null = 'random',
): string | null {
  if (value === keyword || PLAYABLE[part].includes(value)) return null;
  return `unknown ${part} "${value}" (playable: ${PLAYABLE[part].join(', ')}${keyword ? `, or ${keyword}` : ''})`;
}

/**
 * The `seats` of one game's setupData: the named planet and corporation for every seat, and where
 * `random` is asked, a distinct random one per seat (drawn from the game's seed, so a record
 * replays; ids repeat only when fewer are playable than there are seats).
 */
export function seatsFor(
  players: number,
  seed: string,
  boards: SeatBoards,
): Partial<SeatSetup>[] | undefined {
  if (!boards.planet && !boards.corporation) return undefined;
  const rng = createRng(`seats:${seed}`);
  const deal = (part: keyof SeatBoards): (string | undefined)[] => {
    const wanted = boards[part];
    if (wanted !== 'random') return Array.from({ length: players }, () => wanted);
    const dealt: string[] = [];
    let deck: string[] = [];
    while (dealt.length < players) {
      if (deck.length === 0) deck = [...PLAYABLE[part]];
      dealt.push(deck.splice(rng.int(deck.length), 1)[0] as string);
    }
    return dealt;
  };
  const planets = deal('planet');
  const corporations = deal('corporation');
  return Array.from({ length: players }, (_, i) => ({
    ...(planets[i] ? { planet: planets[i] } : {}),
    ...(corporations[i] ? { corporation: corporations[i] } : {}),
  }));
}
