/**
 * The confirm timer: once a turn can be confirmed with nothing left to resolve, a countdown of the
 * player's chosen length confirms it by itself, unless the player acts (a key, a tap, a click) or
 * stops it. Every new step starts it again from the top.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import type { Action, TurnKind } from '../../game';

/**
 * Whether the turn is plainly done: it may be confirmed and, in a round, nothing is pending; in a
 * civ or end-game step, confirming is all that is left to do (no card to pick, no gain to use).
 */
export function mayAutoConfirm(kind: TurnKind, pending: number, actions: readonly Action[]): boolean {
  if (!actions.some((a) => a.type === 'confirm')) return false;
  if (kind === 'round') return pending === 0;
  return actions.every((a) => a.type === 'confirm' || a.type === 'undo' || a.type === 'restart');
}

export interface ConfirmCountdown {
  /** Whole seconds left, or null when no countdown runs. */
  left: number | null;
  /** Stop the countdown until the next step. */
  stop(): void;
}

/**
 * Counts `seconds` down while `armed`, then calls `confirm`. `moment` names the turn's current step:
 * a new one restarts the count (and forgets a stop). A key press or a pointer press stops it.
 */
export function useConfirmCountdown(
  seconds: number,
  armed: boolean,
  moment: string,
  confirm: () => void,
): ConfirmCountdown {
  // Stopped for this moment only: a new moment clears it (state derived from a prop, set in render).
  const [stopped, setStopped] = useState({ moment, stopped: false });
  if (stopped.moment !== moment) setStopped({ moment, stopped: false });
  const running = armed && seconds > 0 && !(stopped.moment === moment && stopped.stopped);
  // Seconds passed in the current count, kept with the count they belong to.
  const count = `${moment}|${seconds}`;
  const [passed, setPassed] = useState({ count, seconds: 0 });
  // A count that stopped starts from the top next time, even for the same step (an undo back to it).
  if (!running && passed.seconds !== 0) setPassed({ count, seconds: 0 });
  const onDone = useEffectEvent(confirm);
  const stop = () => setStopped({ moment, stopped: true });
  const onActivity = useEffectEvent(stop);

  useEffect(() => {
    if (!running) return;
    let elapsed = 0;
    const tick = setInterval(() => {
      elapsed += 1;
      setPassed({ count, seconds: elapsed });
      if (elapsed < seconds) return;
      clearInterval(tick);
      onDone();
    }, 1000);
    // Whatever the player does themselves stops the count: they are still playing.
    const act = () => onActivity();
    window.addEventListener('keydown', act, true);
    window.addEventListener('pointerdown', act, true);
    return () => {
      clearInterval(tick);
      window.removeEventListener('keydown', act, true);
      window.removeEventListener('pointerdown', act, true);
    };
  }, [running, seconds, count]);

  const left = seconds - (passed.count === count ? passed.seconds : 0);
  return { left: running && left > 0 ? left : null, stop };
}
