/**
 * Writes the games the learn-to-play course is played on (client/learn/course-games.json): a solo
 * game on the symmetric boards and a two-player game against a bot with the commander turning the
 * station, each the Pilot's moves from a fixed seed. The lessons (client/learn/course.ts) are ranges
 * of these moves; test/client/learn-course.test.ts replays them through the engine, so a rules
 * change that makes a scripted move illegal fails there. Run after such a change: `npm run course`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyAction, awaiting, stageOf, type Action, type GameState } from '../game';
import type { SetupData } from '../game/setup-data';
import { initialGameState } from '../game/match';
import { BOTS } from '../game/sim';
import { createRng } from '../game/core/prng';

interface CourseGameSpec {
  numPlayers: number;
  seed: string;
  setupData: SetupData;
  /** Stop once this round begins (the whole game when absent). */
  untilRound?: number;
}

const GAMES: Record<string, CourseGameSpec> = {
  solo: { numPlayers: 1, seed: 'learn-32', setupData: {} },
  duel: { numPlayers: 2, seed: 'learn-duel-19', setupData: { twoPlayerVariant: false }, untilRound: 4 },
};

function play(spec: CourseGameSpec): { player: string; action: Action }[] {
  const state: GameState = initialGameState(spec.numPlayers, spec.seed, spec.setupData);
  const rng = createRng(`course:${spec.seed}`);
  const moves: { player: string; action: Action }[] = [];
  while (state.step !== 'over' && (spec.untilRound === undefined || state.round < spec.untilRound)) {
    for (const player of Object.keys(awaiting(state))) {
      if (!stageOf(state, player)) continue;
      const action = BOTS.pilot?.(state, player, rng);
      if (!action) throw new Error('No Pilot.');
      const why = applyAction(state, player, action);
      if (why) throw new Error(`The Pilot chose an illegal ${action.type}.`);
      moves.push({ player, action });
    }
  }
  return moves;
}

const out = Object.fromEntries(
  Object.entries(GAMES).map(([name, spec]) => {
    const { untilRound: _until, ...game } = spec;
    return [name, { ...game, moves: play(spec) }];
  }),
);
const file = fileURLToPath(new URL('../client/learn/course-games.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(out)}\n`);
console.log(
  `course games written to client/learn/course-games.json: ${Object.entries(out)
    .map(([name, g]) => `${name} ${g.moves.length} moves`)
    .join(', ')}`,
);
