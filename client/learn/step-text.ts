/**
 * What the course says at each step, as keys of the `learn` texts: the instruction before a move
 * (a lesson's own words where it has them, else the words for that kind of move) and, after it,
 * what happened, read from the engine's states before and after (trackers moved, rovers, lifepods,
 * meteorites, civ cards, a new round), never worked out by the course itself.
 */
import { type GameState, type PlayerBoard, TRACKS, type Track } from '../../game';
import { LEARNER, type Lesson, type LessonStep } from './course';

export interface CourseText {
  key: string;
  values?: Record<string, string | number>;
}

/** The instruction for a taught move: the lesson's own text first, else the generic one (last). */
export interface StepText {
  /** Keys to try in order; the last always exists. */
  keys: string[];
  key: string;
  values: Record<string, string | number>;
}

const boardOf = (state: GameState): PlayerBoard | undefined =>
  state.private[LEARNER]?.turn?.draft.board ?? state.boards[LEARNER];

export function stepText(lesson: Lesson, step: LessonStep, state: GameState): StepText {
  const { action } = step.move;
  const own = `learn:lesson.${lesson.id}.steps.${step.index}`;
  const values: Record<string, string | number> = {};
  let generic: string;
  switch (action.type) {
    case 'resolve': {
      const item = state.private[LEARNER]?.turn?.draft.pending.find((p) => p.id === action.item);
      const kind = item?.kind ?? 'other';
      generic = GENERIC_RESOLVE.has(kind) ? `learn:step.resolve.${kind}` : 'learn:step.resolve.other';
      if (item?.kind === 'advance') values.track = item.track;
      if (action.choice?.track) values.choice = action.choice.track;
      break;
    }
    case 'takeTile':
      generic = `learn:step.takeTile.${action.stack}`;
      break;
    case 'rotate':
      generic = 'learn:step.rotate';
      break;
    case 'placeTile':
    case 'moveRover':
    case 'pickCiv':
    case 'keepObjectives':
    case 'confirm':
      generic = `learn:step.${action.type}`;
      break;
    default:
      generic = 'learn:step.other';
  }
  return { keys: [own, generic], key: generic, values };
}

/** Pending kinds with words of their own; the others share one text. */
const GENERIC_RESOLVE = new Set(['advance', 'energy', 'synergy', 'regress', 'cardAdvance', 'rover', 'patch']);

/** What a move did, sentence by sentence: the lesson's own explanation first, then the facts. */
export function whatHappened(
  lesson: Lesson,
  index: number,
  before: GameState,
  after: GameState,
): CourseText[] {
  const out: CourseText[] = [{ key: `learn:lesson.${lesson.id}.after.${index}` }];
  const was = boardOf(before);
  const now = boardOf(after);
  if (after.round !== before.round && after.step !== 'over')
    out.push({ key: 'learn:happened.newRound', values: { round: after.round } });
  if (was && now) {
    for (const track of TRACKS as readonly Track[]) {
      const from = was.trackers[track].row;
      const to = now.trackers[track].row;
      if (from !== to)
        out.push({
          key: to > from ? 'learn:happened.trackerUp' : 'learn:happened.trackerDown',
          values: { track, from, to },
        });
    }
    if (now.pieces.length > was.pieces.length) out.push({ key: 'learn:happened.placed' });
    if (now.rovers.length > was.rovers.length) out.push({ key: 'learn:happened.roverLanded' });
    const lifepods = now.collected.lifepods - was.collected.lifepods;
    if (lifepods > 0) out.push({ key: 'learn:happened.lifepod', values: { count: lifepods } });
    const meteorites = now.collected.meteorites - was.collected.meteorites;
    if (meteorites > 0) out.push({ key: 'learn:happened.meteorite', values: { count: meteorites } });
    if (now.meteorites.length > was.meteorites.length) out.push({ key: 'learn:happened.meteoriteFell' });
    if (now.civCards.length > was.civCards.length) out.push({ key: 'learn:happened.civCard' });
  }
  const pendingBefore = before.private[LEARNER]?.turn?.draft.pending.length ?? 0;
  const pendingAfter = after.private[LEARNER]?.turn?.draft.pending.length ?? 0;
  if (pendingAfter > pendingBefore && after.round === before.round)
    out.push({ key: 'learn:happened.pending', values: { count: pendingAfter } });
  if (before.station.rotation !== after.station.rotation && after.round === before.round)
    out.push({ key: 'learn:happened.station' });
  if (after.step === 'over' && before.step !== 'over') out.push({ key: 'learn:happened.over' });
  return out;
}
