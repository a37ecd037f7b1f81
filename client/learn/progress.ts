/**
 * How far the person got in each lesson, kept in the browser so a reload (or a later visit) comes
 * back to the same move. Only counts are kept: the position is rebuilt by replaying the course.
 */
import { LESSONS, taughtSteps } from './course';

const KEY = 'pu.learn';

export interface CourseProgress {
  /** Taught moves played, per lesson id. */
  done: Record<string, number>;
}

const EMPTY: CourseProgress = { done: {} };

export function loadProgress(): CourseProgress {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return EMPTY;
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object') return EMPTY;
    const done: Record<string, number> = {};
    for (const lesson of LESSONS) {
      const n = (value as CourseProgress).done?.[String(lesson.id)];
      const max = taughtSteps(lesson).length;
      if (typeof n === 'number' && Number.isInteger(n) && n >= 0) done[String(lesson.id)] = Math.min(n, max);
    }
    return { done };
  } catch {
    // Blocked or damaged storage: the course starts afresh rather than failing.
    return EMPTY;
  }
}

export function saveLessonProgress(lessonId: number, done: number): void {
  const progress = loadProgress();
  progress.done[String(lessonId)] = done;
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(progress));
  } catch {
    // Storage may be blocked (private mode): the lesson still plays, it just will not resume.
  }
}
