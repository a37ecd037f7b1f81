/** The solo target and epilogue (§7.4): read from events.json's tables. */
import type { EventMix, SoloResult } from '../core/types';
import { EVENT_SOLO_EPILOGUE, EVENT_SOLO_TARGET } from '../data';

/** The lowest card count of a row such as "3-6" or "15+". */
const rowStart = (cards: string): number => Number.parseInt(cards, 10);

function adjustment(color: keyof EventMix, count: number): number {
  let value = 0;
  for (const row of EVENT_SOLO_TARGET.adjustmentByCount) if (count >= rowStart(row.cards)) value = row[color];
  return value;
}

/** 60 plus one adjustment per colour, by that colour's count in the deck. */
export function soloTarget(mix: EventMix): number {
  return (
    EVENT_SOLO_TARGET.base +
    adjustment('red', mix.red) +
    adjustment('orange', mix.orange) +
    adjustment('green', mix.green)
  );
}

/** Margin bands from the bottom: ≤ −11, −10…−6, −5…−1, 0…4, 5…9, 10…14, ≥ 15 (§7.4). */
const BAND_FLOORS = [-Infinity, -10, -5, 0, 5, 10, 15];

export function soloEpilogue(margin: number): string {
  const bands = (EVENT_SOLO_EPILOGUE.bands as { outcome: string }[]) ?? [];
  let index = 0;
  BAND_FLOORS.forEach((floor, k) => {
    if (margin >= floor) index = k;
  });
  return bands[index]?.outcome ?? '';
}

export function soloResult(total: number, mix: EventMix): SoloResult {
  const target = soloTarget(mix);
  return { target, margin: total - target, epilogue: soloEpilogue(total - target) };
}
