/**
 * The drawn station with its pointer path, turned so the viewer's depot is at the bottom, in front
 * of them. While the viewer takes a tile, the two tiles of that depot are buttons over the drawing
 * (the take store's choices: the rules decide, the refusal explains). The commander drags the
 * station round or clicks a depot to bring it in front of them; the gesture becomes one of the
 * legal `rotate` actions (tried first, sent with the confirm button), or the reason it cannot.
 * Anyone else's clicks turn nothing and refuse nothing. Everyone sees automatic turns animate.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { facingDepot, type GameState, orientationsOf, type PlayerID, shapeById, tileById } from '../../game';
import { CanvasSlot, canDrawCanvas } from './CanvasSlot';
import { loadable } from '../loadable';
import { MessageText } from '../i18n/messages';
import { type TakeCommand, useStationCommand, useTakeCommand } from './station-store';
import {
  BOTTOM_SLOT,
  dragDegrees,
  mod6,
  rotationFor,
  type RotationRequest,
  STATION_SIZE,
  TILE_CELL,
  TILE_RADIUS,
} from './station-geometry';
import { type TakeChoice, takeLabel } from './take-choices';
import './table.css';

const StationScene = loadable(() => import('./pixi/StationScene'));
const SIZE = STATION_SIZE;
/** Degrees a pointer must turn the station before a press counts as a drag, not a click. */
const DRAG_THRESHOLD = 8;

/** A tile of the viewer's depot as a button over the drawing, placed and sized as it is drawn. */
function StationTile({ choice, take }: { choice: TakeChoice; take: TakeCommand['take'] }) {
  const { t } = useTranslation('table');
  const [why, setWhy] = useState(false);
  if (choice.tileId === null) return null;
  const tile = tileById(choice.tileId);
  const o = orientationsOf(shapeById(tile.shape))[0];
  const cell = TILE_CELL[choice.stack];
  const width = ((o?.width ?? 1) * cell + 14) / SIZE;
  const height = ((o?.height ?? 1) * cell + 14) / SIZE;
  const centre = (SIZE / 2 + TILE_RADIUS[choice.stack]) / SIZE;
  const label = takeLabel(t, choice);
  return (
    <>
      <button
        type="button"
        className={`station-tile${choice.legal ? '' : ' blocked'}`}
        data-testid={`station-take-${choice.stack}`}
        data-action={choice.legal ? 'takeTile' : undefined}
        aria-label={label}
        title={label}
        aria-disabled={!choice.legal}
        style={{
          left: `${(0.5 - width / 2) * 100}%`,
          top: `${(centre - height / 2) * 100}%`,
          width: `${width * 100}%`,
          height: `${height * 100}%`,
        }}
        onClick={() => (choice.legal ? take(choice.stack) : setWhy(true))}
        onBlur={() => setWhy(false)}
      />
      {why && choice.refusal && (
        <p className="alert station-why" role="alert" data-testid="station-message">
          {t('take.cannot')} <MessageText message={choice.refusal} />
        </p>
      )}
    </>
  );
}

export function StationCanvas({
  G,
  viewer = null,
}: {
  G: GameState;
  /** The seat watching, whose depot is drawn in front of them; null for a spectator. */
  viewer?: PlayerID | null;
}) {
  const { t } = useTranslation('table');
  const command = useStationCommand();
  const takeCommand = useTakeCommand();
  const taking = takeCommand && takeCommand.player === viewer ? takeCommand : null;
  const viewerIndex = viewer === null ? -1 : G.playerIDs.indexOf(viewer);
  const viewTurn = viewerIndex >= 0 ? mod6(BOTTOM_SLOT - (G.positions[viewerIndex] ?? BOTTOM_SLOT)) : 0;
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

  // Only the commander's gestures mean anything: no one else is told they may not turn it.
  const apply = (request: RotationRequest) => {
    if (!command) return;
    const outcome = rotationFor(request, command.actions);
    if (outcome.ok) {
      setMessage(null);
      command.propose(outcome.action.rotation);
      return;
    }
    if (outcome.reason === 'notCommander') return;
    const reason = t('station.notAllowed', { rotation: outcome.rotation });
    setMessage(reason);
    command.refuse(reason);
  };

  const onPointerDown = (e: PointerEvent) => {
    if (!command || (e.target as Element).closest?.('button')) return;
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
    // Which depot is drawn under the click: slot from the angle (less the viewer's turn of the
    // picture), depot from the shown rotation.
    const slot = mod6(((p.angle * 180) / Math.PI + 90) / 60 - viewTurn);
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
    <div className="station-drawing">
      <div
        ref={wrapper}
        className={`table-canvas-wrap station${command ? ' interactive' : ''}`}
        data-testid="station-canvas"
        data-rotation={rotation}
        data-view-turn={viewTurn}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          press.current = null;
          setDrag(0);
        }}
      >
        <div role="img" aria-label={t('station.picture', { rotation })}>
          <CanvasSlot>
            <StationScene
              depots={G.station.depots}
              rotation={rotation}
              dragDegrees={drag}
              indicators={indicators}
              facing={commanderIndex >= 0 ? facing : null}
              viewTurn={viewTurn}
            />
          </CanvasSlot>
        </div>
        {taking &&
          canDrawCanvas() &&
          taking.choices.map((choice) => (
            <StationTile key={choice.stack} choice={choice} take={taking.take} />
          ))}
      </div>
      {command && <p className="small">{t('station.turnHint')}</p>}
      {message && (
        <p className="alert" role="alert" data-testid="station-message">
          {message}
        </p>
      )}
    </div>
  );
}
