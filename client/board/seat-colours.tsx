/**
 * Each seat's colour and marker, the same everywhere a seat is shown: its planet in the strip, its
 * depot on the station, the log, the objectives, the scores and the end screen. The six colours are
 * the Okabe–Ito set, told apart with the common colour blindnesses; a shape marker goes with every
 * colour so that colour is never the only cue.
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerID } from '../../game';

export interface SeatColour {
  /** The seat's colour, as CSS and PixiJS take it. */
  fill: string;
  /** Text or a marker drawn on `fill`, readable at 4.5:1 or better. */
  ink: string;
  /** A shape that tells the seat apart without its colour. */
  marker: string;
  /** The colour's key in the `board` texts (`seat.colours.<key>`), for a tooltip or a screen reader. */
  key: 'blue' | 'vermilion' | 'green' | 'purple' | 'orange' | 'sky';
}

export const SEAT_COLOURS: readonly SeatColour[] = [
  { fill: '#0072b2', ink: '#ffffff', marker: '●', key: 'blue' },
  { fill: '#d55e00', ink: '#000000', marker: '▲', key: 'vermilion' },
  { fill: '#009e73', ink: '#000000', marker: '■', key: 'green' },
  { fill: '#cc79a7', ink: '#000000', marker: '◆', key: 'purple' },
  { fill: '#e69f00', ink: '#000000', marker: '★', key: 'orange' },
  { fill: '#56b4e9', ink: '#000000', marker: '✚', key: 'sky' },
];

/** The colour of a seat by its index (player "0" is seat 0); bad input falls back to seat 0's colour. */
export function seatColour(seat: number | PlayerID): SeatColour {
  const index = Number(seat);
  const ok = Number.isInteger(index) && index >= 0;
  return SEAT_COLOURS[ok ? index % SEAT_COLOURS.length : 0] as SeatColour;
}

/**
 * A seat's colour, ink and marker as CSS variables (`--seat-colour`, `--seat-ink`, `--seat-marker`)
 * for a block that shows the seat through its style sheet (a player's strip, a log line).
 */
export function seatStyle(seat: number | PlayerID): CSSProperties {
  const colour = seatColour(seat);
  return {
    '--seat-colour': colour.fill,
    '--seat-ink': colour.ink,
    '--seat-marker': JSON.stringify(colour.marker),
  } as CSSProperties;
}

/**
 * A seat's marker in its colour, then (unless `markerOnly`) its name. The marker is decoration for
 * assistive technology and is left out of the text; the colour's name is its tooltip.
 */
export function SeatBadge({
  seat,
  name,
  markerOnly = false,
}: {
  seat: number | PlayerID;
  name?: string;
  markerOnly?: boolean;
}) {
  const { t } = useTranslation('board');
  const colour = seatColour(seat);
  return (
    <span className="seat-badge" data-seat={String(seat)} data-testid={`seat-badge-${String(seat)}`}>
      {/* The shape is drawn by the style sheet (from data-marker), so it never enters a text or a name. */}
      <span
        className="seat-marker"
        aria-hidden="true"
        data-marker={colour.marker}
        title={t(`seat.colours.${colour.key}`)}
        style={{ background: colour.fill, color: colour.ink }}
      />
      {!markerOnly && name !== undefined && <span className="seat-name">{name}</span>}
    </span>
  );
}
