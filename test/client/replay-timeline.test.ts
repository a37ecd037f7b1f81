/**
 * The replay viewer's timeline: the state after any number of moves is the state the moves make
 * when played from the start, whether reached by stepping, jumping back or from a kept round
 * start; round marks and Page Up / Page Down land on round starts; a broken record is refused.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, initialGameState, type Action, type MatchRecord } from '../../game';
import { playGame } from '../../game/sim';
import { Timeline } from '../../client/replay/timeline';

const played = playGame({ numPlayers: 3, seed: 'timeline-1' });

function directly(record: MatchRecord, at: number) {
  const state = initialGameState(record.numPlayers, record.seed, record.setupData);
  for (const m of record.moves.slice(0, at))
    applyAction(state, m.player, { ...(m.args ?? {}), type: m.move } as Action);
  return state;
}

describe('the replay timeline (issue: look back on a game)', () => {
  const timeline = new Timeline(played.record);

  it('gives the state the moves make, at any point, in any order of asking', () => {
    const points = [0, 1, 17, timeline.length - 1, 5, 200, 199, 201, 90, timeline.length];
    for (const at of points)
      expect(timeline.stateAt(at), `after ${at} moves`).toEqual(directly(played.record, at));
    expect(timeline.stateAt(timeline.length).result).not.toBeNull();
  });

  it('marks each round where it begins, and moves by rounds', () => {
    const rounds = timeline.rounds.map((r) => r.round);
    const first = rounds[0] ?? 0;
    expect(rounds).toEqual(rounds.map((_, i) => first + i));
    expect(rounds.length).toBeGreaterThan(10);
    const third = timeline.rounds[3];
    if (!third) throw new Error('No third round.');
    expect(timeline.stateAt(third.at).round).toBe(third.round);
    expect(timeline.roundStep(third.at, 1)).toBe(timeline.rounds[4]?.at);
    expect(timeline.roundStep(third.at + 1, -1)).toBe(third.at);
    expect(timeline.roundStep(0, -1)).toBe(0);
    expect(timeline.roundAt(third.at)).toBe(third.round);
  });

  it('knows which move wrote each log entry, so the log leads to its moment', () => {
    const entries = timeline.final.log.length;
    expect(entries).toBeGreaterThan(20);
    for (const index of [0, 1, Math.floor(entries / 2), entries - 1]) {
      const at = timeline.positionOfEntry(index);
      expect(timeline.logEntriesAt(at), `entry ${index}`).toBeGreaterThan(index);
      if (at > 0) expect(timeline.logEntriesAt(at - 1), `entry ${index}`).toBeLessThanOrEqual(index);
      expect(timeline.stateAt(at).log[index]).toEqual(timeline.final.log[index]);
    }
  });

  it('refuses a record that is not one, with its reason', () => {
    expect(() => new Timeline({ ...played.record, seed: '' })).toThrow(/seed/);
  });

  it('stops a forged record at its first illegal move, and names it', () => {
    const moves = [...played.record.moves];
    const forged = {
      ...moves[30],
      move: 'placeTile',
      args: { orientation: 0, x: 0, y: 0 },
    } as (typeof moves)[number];
    moves.splice(30, 1, forged);
    const broken = new Timeline({ ...played.record, moves });
    expect(broken.failure?.index).toBe(30);
    expect(broken.failure?.reason.code).toMatch(/^reason\./);
    expect(broken.length).toBe(30);
    expect(broken.stateAt(broken.length)).toEqual(directly(played.record, 30));
  });
});
