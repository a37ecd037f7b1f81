/**
 * The controls around a pinned ghost, as real buttons laid over the drawn planet: rotate both ways,
 * flip, nudge, and ✓ to place. Where each goes comes from `ringLayout`; what each does is the
 * ghost's own command, so the keys, the wheel and these buttons share one behaviour. ✓ on a spot
 * that does not fit stays pressable: it then says why (the reason is also its tooltip).
 */
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ghostCells } from './ghost';
import { ghostStatusText, reasonText } from './GhostPreview';
import type { GhostControls } from './interaction';
import type { PlanetLayout } from './planet-layout';
import { type RingControl, ringLayout } from './ring';

interface Props {
  ghost: GhostControls;
  layout: PlanetLayout;
  /** Displayed pixels per drawn pixel, and where the drawing starts inside the ring's container. */
  scale: number;
  offset: { left: number; top: number };
  /** Side of a control in displayed pixels (larger for a finger). */
  button: number;
  testid: string;
  /** The planet's keys (R, F, arrows, Escape) work from a focused control too. */
  onKeyDown(e: KeyboardEvent): void;
  /** Focus goes back to the planet when the tile is placed and the ring goes away. */
  focusPlanet(): void;
}

const SYMBOL: Record<RingControl, string> = {
  rotateCCW: '↺',
  rotateCW: '↻',
  flip: '⇋',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  place: '✓',
};

const LABEL_KEY: Record<Exclude<RingControl, 'place'>, string> = {
  rotateCCW: 'buttons.rotateLeft',
  rotateCW: 'buttons.rotateRight',
  flip: 'buttons.flip',
  up: 'buttons.up',
  down: 'buttons.down',
  left: 'buttons.left',
  right: 'buttons.right',
};

// The planet below listens to the pointer: a press on a control must not also move the ghost.
const keepFromPlanet = (e: ReactPointerEvent) => e.stopPropagation();

export function RingControls({
  ghost,
  layout,
  scale,
  offset,
  button,
  testid,
  onKeyDown,
  focusPlanet,
}: Props) {
  const { t } = useTranslation('table');
  const spots = ringLayout({
    cells: ghostCells(ghost.tileId, ghost.at),
    cell: layout.cell * scale,
    pad: layout.pad * scale,
    width: layout.width * scale,
    height: layout.height * scale,
    button,
    gap: Math.max(3, Math.round(button / 10)),
    // A finger's large controls keep a square's width off the ghost: the squares round it stay seen.
    clear: button >= 40 ? Math.round(layout.cell * scale) : undefined,
  });
  const act: Record<RingControl, () => void> = {
    rotateCCW: () => ghost.rotate(-1),
    rotateCW: () => ghost.rotate(1),
    flip: () => ghost.flip(),
    up: () => ghost.nudge(0, -1),
    down: () => ghost.nudge(0, 1),
    left: () => ghost.nudge(-1, 0),
    right: () => ghost.nudge(1, 0),
    place: () => {
      focusPlanet();
      ghost.confirm();
    },
  };
  const cannot = ghost.fits ? null : t('ring.cannotPlace', { reason: reasonText(t, ghost.reason) });
  return (
    <div
      className="ghost-ring"
      role="group"
      aria-label={t('ring.label', { status: ghostStatusText(t, ghost) })}
      data-testid={`${testid}-ring`}
      onPointerDown={keepFromPlanet}
      onPointerUp={keepFromPlanet}
      onPointerMove={keepFromPlanet}
      onKeyDown={(e) => {
        onKeyDown(e);
        if (e.key === 'Escape') focusPlanet();
      }}
    >
      {spots.map(({ control, left, top }) => {
        const label = control === 'place' ? (cannot ?? t('buttons.confirm')) : t(LABEL_KEY[control]);
        return (
          <button
            key={control}
            type="button"
            className={`ring-button ring-${control}`}
            data-testid={`ring-${control}`}
            aria-label={label}
            title={label}
            aria-disabled={control === 'place' && cannot ? true : undefined}
            style={{ left: offset.left + left, top: offset.top + top, width: button, height: button }}
            onClick={act[control]}
          >
            <span aria-hidden="true">{SYMBOL[control]}</span>
          </button>
        );
      })}
    </div>
  );
}
