/**
 * The options of `npm run sim` (tools/sim.ts): their defaults, their bounds and the sentence that
 * refuses a bad one. The match options are validated exactly as a new match's would be, before any
 * game is played.
 */
import { parseArgs } from 'node:util';
import { BOTS, seatBoardError, seatsFor, type BotFn } from '../game/sim';
import { validateSetupData, type SetupData } from '../game/setup-data';
import { UsageError } from './usage-error';

export const SIM_USAGE =
  'npm run sim -- --players N --bots LEVEL[,LEVEL…] --games K --seed S [--json] [--records DIR]\n' +
  '  [--events PRESET|G,O,R] [--private-objectives] [--two-player-variant] [--boards symmetric|dealt|free]\n' +
  '  [--planet ID|random] [--corporation ID|random]   every seat on that board, or a distinct random one each\n';

export interface SimOptions {
  players: number;
  games: number;
  seed: string;
  json: boolean;
  records: string | undefined;
  /** The level named for each seat (one name for all seats, or one per seat). */
  levels: string[];
  bots: BotFn[];
  setupData: SetupData;
  /** `--planet` and `--corporation` as given: an id, random, or unset. */
  seatBoards: { planet: string | undefined; corporation: string | undefined };
}

function fail(why: string): never {
  throw new UsageError(why);
}

/**
 * The run `argv` (the tool's arguments) asks for, 'help' for --help, or a UsageError saying what
 * is wrong.
 */
export function simOptions(argv: string[]): SimOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        players: { type: 'string', default: '4' },
        bots: { type: 'string', default: 'random' },
        games: { type: 'string', default: '10' },
        seed: { type: 'string', default: '1' },
        json: { type: 'boolean', default: false },
        records: { type: 'string' },
        events: { type: 'string' },
        'private-objectives': { type: 'boolean', default: false },
        'two-player-variant': { type: 'boolean' },
        boards: { type: 'string' },
        planet: { type: 'string' },
        corporation: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowNegative: true,
    }));
  } catch (err) {
    // Node's own refusal (an unknown option, a missing value).
    return fail(err instanceof Error ? err.message : String(err));
  }
  if (values.help) return 'help';
  const players = Number(values.players);
  if (!Number.isInteger(players) || players < 1 || players > 6) fail('--players must be 1 to 6');
  const games = Number(values.games);
  if (!Number.isInteger(games) || games < 1) fail('--games must be a positive whole number');
  const levels = values.bots.split(',').map((s) => s.trim());
  for (const level of levels)
    if (!BOTS[level]) fail(`unknown bot level "${level}" (known: ${Object.keys(BOTS).join(', ')})`);
  if (levels.length !== 1 && levels.length !== players)
    fail('--bots takes one level for all seats or one per seat');
  const bots: BotFn[] = Array.from(
    { length: players },
    (_, i) => BOTS[levels[levels.length === 1 ? 0 : i] as string] as BotFn,
  );

  const setupData: SetupData = {};
  if (values.events !== undefined) {
    const parts = values.events.split(',');
    setupData.events =
      parts.length === 3
        ? { green: Number(parts[0]), orange: Number(parts[1]), red: Number(parts[2]) }
        : (values.events as SetupData['events']);
  }
  if (values['private-objectives']) setupData.privateObjectives = true;
  if (values['two-player-variant'] !== undefined) setupData.twoPlayerVariant = values['two-player-variant'];
  if (values.boards !== undefined) setupData.boards = values.boards as SetupData['boards'];
  const seatBoards = { planet: values.planet, corporation: values.corporation };
  for (const part of ['planet', 'corporation'] as const) {
    const value = seatBoards[part];
    const why = value === undefined ? null : seatBoardError(part, value);
    if (why) fail(why);
  }
  const invalid = validateSetupData(
    { ...setupData, seats: seatsFor(players, values.seed, seatBoards) },
    players,
  );
  if (invalid) fail(invalid);
  return {
    players,
    games,
    seed: values.seed,
    json: values.json,
    records: values.records,
    levels,
    bots,
    setupData,
    seatBoards,
  };
}
