/**
 * The learn-to-play course is data checked against the engine: every lesson's scripted moves are
 * replayed from its starting position, and each one the person is asked to play must be one that
 * `legalActions` lists at that point, so a rules change that breaks the course fails here. Every
 * lesson has its texts in both languages.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, legalActions, stageOf } from '../../game';
import {
  COURSE_GAMES,
  LEARNER,
  LESSONS,
  courseState,
  lessonSteps,
  movesPlayedAt,
  sameAction,
  taughtSteps,
} from '../../client/learn/course';
import { stepText } from '../../client/learn/step-text';
import en from '../../client/i18n/en/learn.json';
import fr from '../../client/i18n/fr/learn.json';

describe('the course (issue: learn to play)', () => {
  it('is five lessons on the symmetric boards: KSB-4156 and Universal Coalition', () => {
    expect(LESSONS.map((l) => l.id)).toEqual([1, 2, 3, 4, 5]);
    const solo = courseState('solo', 0);
    expect(solo.boards[LEARNER]?.planet).toBe('ksb-4156');
    expect(solo.boards[LEARNER]?.corporation).toBe('universal-coalition');
    expect(COURSE_GAMES.duel.numPlayers).toBe(2);
  });

  for (const lesson of LESSONS)
    it(`lesson ${lesson.id}: every scripted move is one the engine lists at its point`, () => {
      const state = courseState(lesson.game, lesson.from);
      const steps = lessonSteps(lesson);
      expect(steps.length).toBe(lesson.to - lesson.from);
      for (const step of steps) {
        const { player, action } = step.move;
        expect(stageOf(state, player), `move ${step.index}: ${player} may act`).not.toBeNull();
        const legal = legalActions(state, player);
        expect(
          legal.some((a) => sameAction(a, action)),
          `move ${step.index} (${action.type}) is listed`,
        ).toBe(true);
        expect(applyAction(state, player, action)).toBeNull();
      }
      // Each lesson asks the person to play something, at most about a dozen moves (≤ 3 minutes).
      const taught = taughtSteps(lesson);
      expect(taught.length).toBeGreaterThan(3);
      expect(taught.length).toBeLessThanOrEqual(15);
    });

  it('lesson 5 ends the game, on the final score', () => {
    const last = LESSONS[LESSONS.length - 1];
    if (!last) throw new Error('No lesson.');
    const state = courseState(last.game, last.to);
    expect(state.step).toBe('over');
    expect(state.result).not.toBeNull();
  });

  it('resumes a lesson at any step: the moves before it, taught or not, are played', () => {
    const duel = LESSONS.find((l) => l.id === 4);
    if (!duel) throw new Error('No lesson 4.');
    expect(movesPlayedAt(duel, 0)).toBe(0);
    // After the first rotation, the course plays rounds 1 and 2 to the next taught move.
    expect(movesPlayedAt(duel, 1)).toBe(23);
    expect(movesPlayedAt(duel, taughtSteps(duel).length)).toBe(duel.to);
  });

  it('has every text in English and French, and an instruction for every taught move', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    for (const lesson of LESSONS) {
      const state = courseState(lesson.game, lesson.from);
      for (const step of lessonSteps(lesson)) {
        if (step.taught) {
          const text = stepText(lesson, step, state);
          expect(en).toHaveProperty(
            text.key
              .replace(/^learn:/, '')
              .split(':')
              .join('.'),
          );
        }
        applyAction(state, step.move.player, step.move.action);
      }
    }
  });
});
