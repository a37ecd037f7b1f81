/**
 * The drawn station with its pointer path. The commander drags it round or clicks a depot to bring
 * it in front of them; the gesture becomes one of the legal `rotate` actions (tried first, sent with
 * the confirm button), or the reason it cannot. Everyone sees automatic turns animate.
 */
import { lazy, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { facingDepot, type GameState } from '../../game';
import { CanvasSlot } from './CanvasSlot';
import { playerName } from '../i18n/labels';
import { useStationCommand } from './station-store';
import { dragDegrees, mod6, rotationFor, type RotationRequest } from './station-geometry';
import './table.css';

const StationScene = lazy(() => import('./pixi/StationScene'));
const SIZE = 340;
/** Degrees a pointer must turn the station before a press counts as a drag, not a click. */
const DRAG_THRESHOLD = 8;

export function StationCanvas({ G, names }: { G: GameState; names?: Record<string, string | undefined> }) {
  const { t } = useTranslation('table');
  const command = useStationCommand();
  const wrapper = useRef<HTMLDivElement>(null);
  const press = useRef<{ angle: number; moved: boolean } | null>(null);
  const [drag, setDrag] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const rotation = command ? command.proposed : G.station.rotation;
  const commanderIndex = command ? G.playerIDs.indexOf(command.player) : -1;
  // The depot the commander would face at a rotation, as the rules seat players (§3.5).
  const faces = (r: number): number | null =>
    command ? facingDepot({ ...G, station: { ...G.station, rotation: r } }, command.player) : null;
  const facing = faces(rotation);

  const polar = (e: { clientX: number; clientY: number }) => {
    const canvas = wrapper.current?.querySelector('canvas');
    if (!canvas) return null;
    const rect = canvas.getBoundingClientRect();
    const scale = SIZE / rect.width;
    const x = (e.clientX - rect.left) * scale - SIZE / 2;
    const y = (e.clientY - rect.top) * scale - SIZE / 2;
    return { angle: Math.atan2(y, x), radius: Math.hypot(x, y) };
  };

  const apply = (request: RotationRequest) => {
    const outcome = rotationFor(request, command?.actions ?? []);
    if (outcome.ok && command) {
      setMessage(null);
      command.propose(outcome.action.rotation);
      return;
    }
    const reason = outcome.ok
      ? t('station.notCommander')
      : outcome.reason === 'notCommander'
        ? t('station.notCommander')
        : t('station.notAllowed', { rotation: outcome.rotation });
    setMessage(reason);
    command?.refuse(reason);
  };

  const onPointerDown = (e: PointerEvent) => {
    const p = polar(e);
    if (!p || p.radius > SIZE / 2) return;
    press.current = { angle: p.angle, moved: false };
    wrapper.current?.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    const start = press.current;
    const p = polar(e);
    if (!start || !p || !command) return;
    const degrees = dragDegrees(start.angle, p.angle);
    if (Math.abs(degrees) > DRAG_THRESHOLD) start.moved = true;
    if (start.moved) setDrag(degrees);
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = press.current;
    press.current = null;
    const p = polar(e);
    setDrag(0);
    if (!start || !p) return;
    if (start.moved) {
      apply({ kind: 'drag', degrees: dragDegrees(start.angle, p.angle), from: rotation });
      return;
    }
    if (p.radius < 24) return;
    // Which depot is drawn under the click: slot from the angle, depot from the shown rotation.
    const slot = mod6(((p.angle * 180) / Math.PI + 90) / 60);
    const depot = mod6(slot - rotation);
    apply({ kind: 'faceDepot', depot, faces });
  };

  // Seat numbers, not initials: two names may start alike.
  const indicators = G.playerIDs.map((_, i) => ({
    position: G.positions[i] ?? 0,
    playerIndex: i,
    label: String(i + 1),
  }));

  return (
    <div>
      <div
        ref={wrapper}
        className={`table-canvas-wrap station${command ? ' interactive' : ''}`}
        role="img"
        aria-label={t('station.picture', { rotation })}
        data-testid="station-canvas"
        data-rotation={rotation}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          press.current = null;
          setDrag(0);
        }}
      >
        <CanvasSlot>
          <StationScene
            depots={G.station.depots}
            rotation={rotation}
            dragDegrees={drag}
            indicators={indicators}
            facing={commanderIndex >= 0 ? facing : null}
          />
        </CanvasSlot>
      </div>
      <p className="small" data-testid="station-seats">
        {t('station.seats', {
          seats: G.playerIDs.map((p, i) => `${i + 1} = ${playerName(p, names)}`).join(' · '),
        })}
      </p>
      {message && (
        <p className="alert" role="alert" data-testid="station-message">
          {message}
        </p>
      )}
    </div>
  );
}
