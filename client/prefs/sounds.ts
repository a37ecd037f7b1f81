/**
 * Short synthesized blips (no sound files): one when it becomes your turn, one when a tile is placed.
 * They play only when the player turned sounds on, and never before the player has touched the
 * page (browsers keep audio silent until then, and a page should not beep by itself on opening).
 */
import { useEffect, useRef } from 'react';
import { getPreferences } from './preferences';

export type Blip = 'turn' | 'place';

// Two rising notes for "your turn", one low knock for a placement.
const NOTES: Record<Blip, { frequency: number; start: number; length: number }[]> = {
  turn: [
    { frequency: 660, start: 0, length: 0.09 },
    { frequency: 880, start: 0.1, length: 0.12 },
  ],
  place: [{ frequency: 330, start: 0, length: 0.07 }],
};

let touched = false;
if (typeof window !== 'undefined') {
  const mark = () => {
    touched = true;
  };
  window.addEventListener('pointerdown', mark, { capture: true, once: true });
  window.addEventListener('keydown', mark, { capture: true, once: true });
}

/** Whether the player has pressed a key or touched the page yet. */
function hasUserGesture(): boolean {
  const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } } | undefined)
    ?.userActivation;
  return touched || activation?.hasBeenActive === true;
}

let context: AudioContext | null = null;

/** Play a blip if sounds are on and the player has touched the page; returns whether it played. */
export function playBlip(blip: Blip, force = false): boolean {
  if (!force && !getPreferences().sounds) return false;
  if (!hasUserGesture()) return false;
  const Context = globalThis.AudioContext;
  if (!Context) return false;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
    const now = context.currentTime;
    for (const note of NOTES[blip]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = note.frequency;
      // A quick rise and fall, so the note neither clicks nor rings.
      gain.gain.setValueAtTime(0.0001, now + note.start);
      gain.gain.exponentialRampToValueAtTime(0.15, now + note.start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + note.start + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + note.start);
      oscillator.stop(now + note.start + note.length + 0.02);
    }
    return true;
  } catch {
    return false; // No audio on this device: the game goes on in silence.
  }
}

/** Blips when `yourTurn` or `placed` becomes true (not for what is already so on the first render). */
export function useTurnSounds(yourTurn: boolean, placed: boolean): void {
  const before = useRef({ yourTurn, placed });
  useEffect(() => {
    if (yourTurn && !before.current.yourTurn) playBlip('turn');
    else if (placed && !before.current.placed) playBlip('place');
    before.current = { yourTurn, placed };
  }, [yourTurn, placed]);
}
