/**
 * What `npm run tune -- --compare` plays (tools/tune.ts): the level, the Commander's search, and
 * each variant's weights and settings, or the sentence that refuses the command line. Checked here,
 * before any worker starts.
 */
import { DEFAULT_WEIGHTS, type Weights } from '../game/bots/features';
import { COMMANDER_DEFAULTS } from '../game/bots/commander';
import { UsageError } from './usage-error';

/** The Commander's search as tune plays it: a fixed number of worlds, or a budget in ms. */
export type CommanderSettings = typeof COMMANDER_DEFAULTS & { samples: number; ms?: number };

export interface CompareVariant {
  /** The variant as written, such as `lookahead2=0.5,plans=4`. */
  text: string;
  weights: Weights;
  search: CommanderSettings | undefined;
}

export interface CompareRun {
  level: 'pilot' | 'commander';
  samples: number;
  /** The Commander's wall-clock budget per decision, when given. */
  ms: number | undefined;
  /** The committed arm's search (undefined for the Pilot). */
  baseSearch: CommanderSettings | undefined;
  variants: CompareVariant[];
  /** The other seats are the committed Pilot, and a game counts seat 0's lead (`--rival pilot`). */
  rival: boolean;
}

function refuse(why: string): never {
  throw new UsageError(why);
}

/** The comparison `--compare`, `--level`, `--samples`, `--budget` and `--rival` ask for. */
export function compareRun(values: {
  compare: string | undefined;
  level: string;
  samples: string;
  budget: string | undefined;
  rival?: string | undefined;
  players?: string;
}): CompareRun {
  const level = values.level;
  const rival = values.rival !== undefined;
  if (rival && values.rival !== 'pilot') refuse(`--rival is pilot (got "${values.rival}")`);
  if (values.compare === undefined) refuse('--rival is for --compare');
  const players = Number(values.players ?? '1');
  if (rival && !(Number.isInteger(players) && players >= 2 && players <= 4))
    refuse(`--rival pilot needs --players 2 to 4 (got "${values.players ?? '1'}")`);
  const samples = Number(values.samples);
  if (level !== 'pilot' && level !== 'commander') refuse(`--level is pilot or commander (got "${level}")`);
  if (!Number.isInteger(samples) || samples < 1 || samples > 1000)
    refuse(`--samples must be a whole number from 1 to 1000 (got "${values.samples}")`);
  const ms = values.budget === undefined ? undefined : Number(values.budget);
  if (ms !== undefined && !(Number.isInteger(ms) && ms >= 10 && ms <= 600_000))
    refuse(`--budget must be whole milliseconds from 10 to 600000 (got "${values.budget}")`);
  if (ms !== undefined && level !== 'commander') refuse('--budget is for --level commander');
  // With a budget the worlds are capped at --samples' largest value, not Infinity: the settings
  // cross to the workers as JSON, where Infinity would arrive as null.
  const baseSearch: CommanderSettings | undefined =
    level === 'commander'
      ? { ...COMMANDER_DEFAULTS, ...(ms === undefined ? { samples } : { samples: 1000, ms }) }
      : undefined;
  // Each variant (separated by ";") changes some weights or search settings of the committed ones.
  const variants: CompareVariant[] = [];
  for (const text of values.compare.split(';').map((t) => t.trim())) {
    const changed: Record<string, number> = { ...DEFAULT_WEIGHTS };
    const changedSearch: Record<string, number> | undefined = baseSearch && { ...baseSearch };
    for (const pair of text.split(',')) {
      const [name = '', value = ''] = pair.split('=');
      // The search's settings carry a prefix: the evaluator has a weight called horizon too.
      const setting = name.startsWith('commander.') ? name.slice('commander.'.length) : null;
      let target: Record<string, number> | undefined;
      if (setting === null) target = name in DEFAULT_WEIGHTS ? changed : undefined;
      else if (changedSearch && setting in changedSearch) target = changedSearch;
      if (!target || value.trim() === '' || !Number.isFinite(Number(value)))
        refuse(
          `--compare takes weight=number pairs, such as lookahead2=0.5` +
            (changedSearch
              ? `, or the Commander's ${Object.keys(changedSearch)
                  .map((k) => `commander.${k}`)
                  .join(', ')}`
              : '') +
            `, and several variants separated by ";" (got "${pair}")`,
        );
      target[setting ?? name] = Number(value);
    }
    variants.push({
      text,
      weights: changed as Weights,
      search: changedSearch as CommanderSettings | undefined,
    });
  }
  return { level, samples, ms, baseSearch, variants, rival };
}
