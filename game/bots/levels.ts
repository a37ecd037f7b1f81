/**
 * The names of the bot levels, without their code: light enough for the client's first bundle and
 * for validating setup data. The deciding functions live in `./index` (loaded in a worker).
 */
export const BOT_LEVEL_IDS = ['random', 'cadet', 'pilot', 'commander'] as const;

export type BotLevel = (typeof BOT_LEVEL_IDS)[number];

/** The levels offered to players (random is for tests). */
export const PLAYABLE_BOT_LEVELS: readonly BotLevel[] = ['cadet', 'pilot', 'commander'];

export const isBotLevel = (value: unknown): value is BotLevel =>
  typeof value === 'string' && (BOT_LEVEL_IDS as readonly string[]).includes(value);

/**
 * The Commander's wall-clock budget per round turn when the caller gives none (local games, the
 * tools): about 23 worlds, inside the 2 s a decision may take. Against 1 s it gained 1.22 medals
 * (0.07 to 2.37) on 100 paired solo deals (docs/bots.md, "Commander"). Here, beside the names, so
 * that the table can wait for it without loading the bots.
 */
export const COMMANDER_MS = 1800;
