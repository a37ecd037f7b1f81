// @vitest-environment jsdom
/**
 * The station's seats: under the drawing, each depot indicator's number on its seat's colour with
 * the seat's name (the number stays, so colour is never the only cue), in English and French; and
 * the commander's legal rotations, read once per list of legal actions.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Action } from '../../game/core/types';
import { playerView } from '../../game/view';
import { StationView } from '../../client/table/StationView';
import { legalRotations } from '../../client/table/station-geometry';
import { seatColour } from '../../client/board/seat-colours';
import { domPerTest } from './dom';
import { scenario } from '../support/scenario';

vi.mock('../../client/table/CanvasSlot', () => ({
  canDrawCanvas: () => true,
  CanvasSlot: () => <canvas width={460} height={460} />,
}));

/** jsdom reads a style's colour back as rgb(); the seat colours are written as #rrggbb. */
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

function seatsOfStation(dom: ReturnType<typeof domPerTest>) {
  const view = playerView(scenario({ players: 3 }).asIs().state, '0');
  dom.render(
    <StationView G={view} viewer="0" names={{ '0': 'Ada', '1': 'Cadet Vega', '2': 'Cadet Lyra' }} />,
  );
  const legend = dom.byTestId('station-seats');
  const seats = [...(legend?.querySelectorAll<HTMLElement>('.station-seat') ?? [])];
  return { legend, seats };
}

describe('the station’s seats', () => {
  const dom = domPerTest('en');

  it('shows each indicator’s number on its seat’s colour, then the name', () => {
    const { legend, seats } = seatsOfStation(dom);
    expect(seats.map((s) => s.textContent)).toEqual(['1 Ada', '2 Cadet Vega', '3 Cadet Lyra']);
    seats.forEach((seat, i) => {
      const number = seat.querySelector<HTMLElement>('.station-seat-number');
      expect(number?.style.background).toBe(rgb(seatColour(i).fill));
      expect(number?.style.color).toBe(rgb(seatColour(i).ink));
    });
    // What the numbers are, for a screen reader and as a tooltip.
    expect(legend?.querySelector('.sr-only')?.textContent).toBe('Depot indicators:');
    expect(legend?.title).toBe('Depot indicators:');
  });

  it('lists the commander’s legal rotations once per list of legal actions', () => {
    const actions: Action[] = [
      { type: 'rotate', rotation: 2 },
      { type: 'confirm' },
      { type: 'rotate', rotation: 4 },
    ];
    expect(legalRotations(actions)).toEqual([2, 4]);
    expect(legalRotations(actions)).toBe(legalRotations(actions));
    expect(legalRotations([{ type: 'confirm' }])).toEqual([]);
  });
});

describe('the station’s seats in French', () => {
  const dom = domPerTest('fr');

  it('names the indicators in French, with a non-breaking space before the colon', () => {
    const { legend } = seatsOfStation(dom);
    expect(legend?.querySelector('.sr-only')?.textContent).toBe('Indicateurs de Dépôt\u202f:');
  });
});
