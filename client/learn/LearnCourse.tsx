/**
 * The guided first game (#/learn): the list of lessons with each one's progress, and a lesson
 * played on the real table. At each step only the taught move is accepted; its control is
 * highlighted in the page and its squares on the drawn planet, the coach says what to do, and after
 * the move what happened. A wrong move gets the engine's own reason, or what the lesson asks for
 * instead. Progress survives a reload; the person may replay a move, restart, leave, or play the
 * game on from the lesson's position (it becomes a saved local game, against the Pilot in lesson 4).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Action,
  applyAction,
  cellIndex,
  type GameState,
  playerView,
  recordMove,
  TRACKS,
  type Track,
} from '../../game';
import { GameView } from '../table/GameView';
import { clearHighlight, highlightCells } from '../table/highlight-store';
import { ghostCells } from '../table/ghost';
import { choiceKey } from '../actions/choice-key';
import { useMessages } from '../i18n/messages';
import { trackName } from '../i18n/labels';
import { savedGamesStore, newGameId, type SavedLocalGame } from '../local/saved-games';
import { savedGameHref } from '../routes';
import {
  COURSE_GAMES,
  courseState,
  LEARNER,
  LESSONS,
  type Lesson,
  type LessonStep,
  movesPlayedAt,
  sameMove,
  taughtSteps,
} from './course';
import { stepText, whatHappened, type CourseText } from './step-text';
import { loadProgress, saveLessonProgress } from './progress';
import { addNamespace } from '../i18n';
import learnEn from '../i18n/en/learn.json';
import learnFr from '../i18n/fr/learn.json';
import './learn.css';

addNamespace('learn', { en: learnEn, fr: learnFr });

export const lessonHref = (id: number) => `#/learn/${id}`;

export function LearnCourse({ lesson }: { lesson: number | null }) {
  const { t } = useTranslation('learn');
  if (lesson === null) return <CourseOverview />;
  const found = LESSONS.find((l) => l.id === lesson);
  if (!found)
    return (
      <p className="alert" role="alert" data-testid="lesson-missing">
        {t('missing', { id: lesson })} <a href="#/learn">{t('allLessons')}</a>
      </p>
    );
  return <LessonTable key={found.id} lesson={found} />;
}

function CourseOverview() {
  const { t } = useTranslation('learn');
  const [progress] = useState(loadProgress);
  return (
    <article className="panel learn-course" data-testid="learn-course" aria-labelledby="learn-title">
      <h1 id="learn-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <ol className="lesson-list" aria-label={t('lessonsLabel')}>
        {LESSONS.map((lesson) => {
          const total = taughtSteps(lesson).length;
          const done = progress.done[String(lesson.id)] ?? 0;
          const finished = done >= total;
          return (
            <li key={lesson.id} data-testid={`lesson-${lesson.id}`} data-done={done}>
              <a className={`button-link${done === 0 ? ' primary' : ''}`} href={lessonHref(lesson.id)}>
                {t(`lesson.${lesson.id}.title`)}
              </a>{' '}
              <span className="small">
                {finished ? t('done') : done > 0 ? t('progress', { done, total }) : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </article>
  );
}

/** The person's seat name and, in the two-player lesson, the bot's. */
function useNames(): Record<string, string> {
  const { t } = useTranslation('learn');
  return useMemo(() => ({ '0': t('you'), '1': t('botName') }), [t]);
}

interface LastMove {
  index: number;
  before: GameState;
  after: GameState;
}

function LessonTable({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation('learn');
  const messages = useMessages();
  const names = useNames();
  const steps = useMemo(() => taughtSteps(lesson), [lesson]);
  const [done, setDone] = useState(() => Math.min(loadProgress().done[String(lesson.id)] ?? 0, steps.length));
  const [last, setLast] = useState<LastMove | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const state = useMemo(() => courseState(lesson.game, movesPlayedAt(lesson, done)), [lesson, done]);
  const G = useMemo(() => playerView(state, LEARNER), [state]);
  const step = steps[done] ?? null;
  const finished = step === null;
  const coach = useRef<HTMLDivElement>(null);

  const goTo = (next: number, move: LastMove | null) => {
    setDone(next);
    setLast(move);
    setNotice(null);
    saveLessonProgress(lesson.id, next);
  };

  const send = (action: Action) => {
    if (!step) return;
    if (sameMove(state, LEARNER, action, step.move.action)) {
      // The scripted move itself is played, so the lesson goes on exactly as written.
      const after = JSON.parse(JSON.stringify(state)) as GameState;
      applyAction(after, LEARNER, step.move.action);
      goTo(done + 1, { index: step.index, before: state, after });
      return;
    }
    // Not the taught move: the engine's reason if it refuses it, else what the lesson asks for.
    if (action.type === 'undo' || action.type === 'restart') {
      setNotice(t('notThis', { what: lowerFirst(instruction(t, lesson, step, state)) }));
      return;
    }
    const trial = JSON.parse(JSON.stringify(state)) as GameState;
    const refusal = applyAction(trial, LEARNER, action);
    setNotice(
      refusal
        ? t('refused', { reason: messages.text(refusal) })
        : t('notThis', { what: lowerFirst(instruction(t, lesson, step, state)) }),
    );
  };

  useLessonHighlight(step, state);
  // Each new step brings the coach's words into view (the table below may have scrolled).
  useEffect(() => {
    coach.current?.scrollIntoView?.({ block: 'nearest' });
  }, [done]);

  const happened = last ? whatHappened(lesson, last.index, last.before, last.after) : [];
  const nextLesson = LESSONS.find((l) => l.id === lesson.id + 1);
  const playOn = () =>
    void startPlayOn(lesson, movesPlayedAt(lesson, done), state.round, t('you'), t('botName'));

  return (
    <div className="learn-lesson" data-testid="learn-lesson" data-lesson={lesson.id} data-done={done}>
      <div
        className="learn-coach panel"
        ref={coach}
        data-testid="learn-coach"
        role="region"
        aria-label={t('coachLabel')}
        data-expect={step ? JSON.stringify(step.move.action) : ''}
        data-finished={finished ? 'true' : 'false'}
      >
        <p className="learn-heading">
          <strong>{t(`lesson.${lesson.id}.title`)}</strong>{' '}
          <span className="small">
            {finished ? t('finished') : t('stepOf', { n: done + 1, total: steps.length })}
          </span>
        </p>
        {done === 0 && !last && <p data-testid="learn-goal">{t(`lesson.${lesson.id}.goal`)}</p>}
        {happened.length > 0 && (
          <p className="learn-happened" data-testid="learn-happened" aria-live="polite">
            <span className="sr-only">{t('whatHappened')}: </span>
            {happened
              .map((h) => courseText(t, h))
              .filter(Boolean)
              .join(' ')}
          </p>
        )}
        {notice && (
          <p className="alert" role="alert" data-testid="learn-notice">
            {notice}
          </p>
        )}
        {step ? (
          <p className="learn-instruction" data-testid="learn-instruction">
            {instruction(t, lesson, step, state)}
          </p>
        ) : (
          <div data-testid="learn-done">
            <p>{t(`lesson.${lesson.id}.done`)}</p>
            {!nextLesson && <p>{t('courseDone')}</p>}
          </div>
        )}
        {lesson.game === 'duel' && done === 0 && <p className="small">{t('botPlays')}</p>}
        {lesson.played && done === 1 && <p className="small">{t('coursePlays')}</p>}
        <p className="learn-buttons">
          {finished && nextLesson && (
            <a className="button-link primary" href={lessonHref(nextLesson.id)} data-testid="learn-next">
              {t('next')}
            </a>
          )}
          {finished && !nextLesson && (
            <a className="button-link primary" href="#/?new=local" data-testid="learn-play-bots">
              {t('playBots')}
            </a>
          )}
          <button
            type="button"
            data-testid="learn-replay-step"
            disabled={done === 0}
            onClick={() => goTo(done - 1, null)}
          >
            {t('replayStep')}
          </button>
          <button
            type="button"
            data-testid="learn-restart"
            disabled={done === 0}
            onClick={() => goTo(0, null)}
          >
            {t('restart')}
          </button>
          <a className="button-link" href="#/learn" data-testid="learn-all">
            {t('allLessons')}
          </a>
          {state.step !== 'over' && (
            <button type="button" data-testid="learn-play-on" title={t('playOnHint')} onClick={playOn}>
              {t('playOn')}
            </button>
          )}
        </p>
      </div>
      <GameView G={G} player={LEARNER} names={names} send={send} />
    </div>
  );
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

type T = ReturnType<typeof useTranslation<'learn'>>['t'];

function withTrackNames(
  values: Record<string, string | number> | undefined,
): Record<string, string | number> {
  const out: Record<string, string | number> = { ...values };
  for (const name of ['track', 'choice'] as const) {
    const value = out[name];
    if (typeof value === 'string' && (TRACKS as readonly string[]).includes(value))
      out[`${name}Name`] = trackName(value as Track);
  }
  return out;
}

function instruction(t: T, lesson: Lesson, step: LessonStep, state: GameState): string {
  const text = stepText(lesson, step, state);
  const values = withTrackNames(text.values);
  for (const key of text.keys) {
    const said = t(key, { ...values, defaultValue: '' });
    if (said) return said;
  }
  return t(text.key, values);
}

function courseText(t: T, text: CourseText): string {
  return t(text.key, { ...withTrackNames(text.values), defaultValue: '' });
}

/**
 * Points at the taught move: its control gets the `learn-target` class (kept on through the
 * table's re-renders), and its squares are outlined on the drawn planet.
 */
function useLessonHighlight(step: LessonStep | null, state: GameState): void {
  const selector = step ? targetSelector(step.move.action) : null;
  const cells = useMemo(() => (step ? targetCells(step.move.action, state) : []), [step, state]);
  useEffect(() => {
    if (!selector) return;
    // Only real changes touch the DOM, so the observer's own marks do not wake it again.
    const mark = () => {
      for (const el of document.querySelectorAll('.learn-target'))
        if (!el.matches(selector)) el.classList.remove('learn-target');
      for (const el of document.querySelectorAll(selector))
        if (!el.classList.contains('learn-target')) el.classList.add('learn-target');
    };
    mark();
    // React may rewrite a control's class (a previewed rover square): mark again after any change.
    const observer = new MutationObserver(mark);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    return () => {
      observer.disconnect();
      for (const el of document.querySelectorAll('.learn-target')) el.classList.remove('learn-target');
    };
  }, [selector]);
  const cellList = cells.join(',');
  useEffect(() => {
    if (!cellList) return;
    // Outlined for as long as the step lasts (a log entry's outline fades; this one must not).
    highlightCells(LEARNER, cellList.split(',').map(Number), 24 * 3600_000);
    return () => clearHighlight();
  }, [cellList]);
}

/** The controls that play an action. */
function targetSelector(action: Action): string | null {
  switch (action.type) {
    case 'rotate':
      return `[data-testid="rotate-${action.rotation}"]`;
    case 'takeTile':
      return `[data-testid="take-${action.stack}"], [data-testid="station-take-${action.stack}"]`;
    case 'placeTile':
      return `[data-testid="planet-${LEARNER}-canvas"]`;
    case 'resolve': {
      const choice = action.choice ?? {};
      if (choice.x !== undefined && choice.y !== undefined)
        return `[data-action="resolve"][data-cell="${cellIndex(choice.x, choice.y)}"]`;
      return `[data-action="resolve"][data-item="${action.item}"][data-choice='${choiceKey(choice)}']`;
    }
    case 'moveRover': {
      const [x, y] = action.path[action.path.length - 1] ?? [0, 0];
      return `[data-testid="rover-${action.rover}-${x}-${y}"]`;
    }
    case 'pickCiv':
      return `[data-testid="civ-${action.card}"]`;
    case 'keepObjectives':
      return [
        '[data-testid="keep-objectives"]',
        ...action.cards.map((c) => `[data-testid="objective-${c}"]`),
      ].join(', ');
    case 'confirm':
      return '[data-testid="confirm"]';
    default:
      return null;
  }
}

/** The squares of the learner's planet an action points at. */
function targetCells(action: Action, state: GameState): number[] {
  if (action.type === 'placeTile') {
    const draft = state.private[LEARNER]?.turn?.draft;
    const tileId = draft?.taken?.tileId;
    if (tileId === undefined) return [];
    return ghostCells(tileId, action).map((c) => cellIndex(c.x, c.y));
  }
  if (action.type === 'resolve' && action.choice?.x !== undefined && action.choice.y !== undefined)
    return [cellIndex(action.choice.x, action.choice.y)];
  if (action.type === 'moveRover') return action.path.map(([x, y]) => cellIndex(x, y));
  return [];
}

/** Leaves the lesson for a saved local game at the lesson's position, and opens it. */
async function startPlayOn(
  lesson: Lesson,
  played: number,
  round: number,
  you: string,
  bot: string,
): Promise<void> {
  const game = COURSE_GAMES[lesson.game];
  const store = savedGamesStore();
  if (!store) return;
  const now = Date.now();
  const saved: SavedLocalGame = {
    id: newGameId(),
    spec: {
      seats: Array.from({ length: game.numPlayers }, (_, i) =>
        i === 0 ? { name: you, bot: null } : { name: bot, bot: 'pilot' as const },
      ),
      options: game.setupData,
      seed: game.seed,
    },
    moves: game.moves.slice(0, played).map((m) => recordMove(m.player, m.action)),
    startedAt: now,
    updatedAt: now,
    round,
  };
  await store.set(saved.id, saved);
  window.location.hash = savedGameHref(saved.id);
}
