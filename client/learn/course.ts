/**
 * The learn-to-play course as data: five lessons, each a range of moves of one of two fixed games
 * (course-games.json, the Pilot's moves from a fixed seed, written by `npm run course`). A lesson
 * starts where the moves before its range leave the table, and the person plays the moves of its
 * range one at a time, each the only action the lesson accepts; the other seat's moves (the bot's)
 * and the moves a lesson does not teach are played for them. The engine is the judge: the course
 * test replays every lesson and checks each scripted move is one `legalActions` lists at that point.
 */
import {
  type Action,
  applyAction,
  cellIndex,
  type GameState,
  initialGameState,
  type PlayerID,
  type SetupData,
  orientationsOf,
  shapeById,
  tileById,
} from '../../game';
import { choiceKey } from '../actions/choice-key';
import games from './course-games.json';

/** The seat the person plays in every lesson. */
export const LEARNER: PlayerID = '0';

export type CourseGameName = 'solo' | 'duel';

export interface CourseMove {
  player: PlayerID;
  action: Action;
}

export interface CourseGame {
  numPlayers: number;
  seed: string;
  setupData: SetupData;
  moves: CourseMove[];
}

export interface Lesson {
  /** Its place in the course, from 1; its texts are `learn:lesson.<id>.*`. */
  id: number;
  game: CourseGameName;
  /** The first move of the lesson (the moves before it set the table) and the one after its last. */
  from: number;
  to: number;
  /** Moves of the learner inside the range that the course plays for them (already taught). */
  played?: readonly [number, number][];
}

export const COURSE_GAMES = games as unknown as Record<CourseGameName, CourseGame>;

export const LESSONS: readonly Lesson[] = [
  // The goal, the station and the depot you face, taking a tile, placing it, confirming (round 1).
  { id: 1, game: 'solo', from: 0, to: 6 },
  // Tracks: what each terrain advances, energy, the round's event (round 2).
  { id: 2, game: 'solo', from: 6, to: 12 },
  // Rovers, meteorites and lifepods (rounds 3 and 4).
  { id: 3, game: 'solo', from: 12, to: 26 },
  // The commander turns the station; a civ milestone brings a civ card (a table of two, rounds 1–3).
  { id: 4, game: 'duel', from: 0, to: 35, played: [[1, 23]] },
  // The last round, the end of the game and the final score (round 19 to the end).
  { id: 5, game: 'solo', from: 128, to: 141 },
];

/** One move of a lesson: whether the person plays it, and its place in the game's moves. */
export interface LessonStep {
  index: number;
  move: CourseMove;
  /** The person plays it (else the course plays it: the bot's moves, moves taught before). */
  taught: boolean;
}

export function lessonSteps(lesson: Lesson): LessonStep[] {
  const moves = COURSE_GAMES[lesson.game].moves;
  const steps: LessonStep[] = [];
  for (let index = lesson.from; index < lesson.to; index++) {
    const move = moves[index];
    if (!move) break;
    const played = lesson.played?.some(([a, b]) => index >= a && index < b) ?? false;
    steps.push({ index, move, taught: move.player === LEARNER && !played });
  }
  return steps;
}

/** The moves of a lesson the person plays, in order. */
export const taughtSteps = (lesson: Lesson): LessonStep[] => lessonSteps(lesson).filter((s) => s.taught);

/** The whole game state after the first `count` moves of a course game (the engine plays them). */
export function courseState(game: CourseGameName, count: number): GameState {
  const { numPlayers, seed, setupData, moves } = COURSE_GAMES[game];
  const state = initialGameState(numPlayers, seed, setupData);
  for (const { player, action } of moves.slice(0, count)) {
    const refusal = applyAction(state, player, action);
    if (refusal)
      throw new Error(`The course's game "${game}" no longer plays: move refused (${refusal.code}).`);
  }
  return state;
}

/**
 * Where a lesson stands after the person has played `done` of its taught moves: the number of
 * the game's moves played (the untaught ones up to the next taught move are played too).
 */
export function movesPlayedAt(lesson: Lesson, done: number): number {
  const steps = lessonSteps(lesson);
  let taught = 0;
  for (const step of steps) {
    if (step.taught) {
      if (taught === done) return step.index;
      taught += 1;
    }
  }
  return lesson.to;
}

/** Two actions are the same move (the same fields, whatever their order). */
export function sameAction(a: Action, b: Action): boolean {
  return choiceKey(a) === choiceKey(b);
}

/**
 * The person's move is the taught one: the same action, or for a tile the same squares covered (a
 * symmetric tile covers them in more than one orientation).
 */
export function sameMove(state: GameState, player: PlayerID, a: Action, b: Action): boolean {
  if (a.type === 'placeTile' && b.type === 'placeTile') {
    const tileId = state.private[player]?.turn?.draft.taken?.tileId;
    if (tileId === undefined) return false;
    const cells = (p: { orientation: number; x: number; y: number }) =>
      (orientationsOf(shapeById(tileById(tileId).shape))[p.orientation]?.cells ?? [])
        .map(([dx, dy]) => cellIndex(p.x + dx, p.y + dy))
        .sort((m, n) => m - n)
        .join(',');
    return cells(a) === cells(b);
  }
  return sameAction(a, b);
}
