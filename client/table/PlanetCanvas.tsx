/**
 * The drawn planet with its keyboard and pointer path. Pixi loads lazily; until it has (or if it
 * cannot), the DOM grid next to it is the planet. The wrapper is focusable: R / Shift+R rotate,
 * F flips, arrows nudge, Enter places, the mouse wheel rotates; an aria-live line says where the
 * ghost stands and whether it fits. A pointer moves the ghost (a mouse hovering, a finger or pen
 * dragging); a tap only anchors it (touch), then the player confirms; a mouse click places it or
 * says why not. Rover moves: a mouse shows the path while hovering and a click moves; a first tap
 * shows the path to a reachable square and a second tap on it moves. The interactive canvas takes
 * the touch gestures itself, so dragging never scrolls.
 */
import {
  lazy,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type CellIndex, GRID, planetById, type PlayerBoard } from '../../game';
import type { GridInteraction, RoverReach } from './interaction';
import { CanvasSlot } from './CanvasSlot';
import { ghostKeyCommand } from './ghost';
import { ghostStatusText } from './GhostPreview';
import { cellAt, planetLayout } from './planet-layout';
import { squareTip } from './PlanetRulePanel';
import './table.css';

const PlanetScene = lazy(() => import('./pixi/PlanetScene'));

export const LARGE_CELL = 34;
export const SMALL_CELL = 14;

interface Props {
  board: PlayerBoard;
  caption: string;
  testid: string;
  interaction?: GridInteraction | null;
  size: 'large' | 'small';
}

/**
 * What a tap or click on a square does while a rover moves: a touch's first tap on a reachable
 * square shows the path there (`preview`); a second tap on it, or a mouse click, goes to the
 * planet's usual answer (`cell`: move there, pick another rover, or say it is out of reach).
 */
export function roverTap(rover: RoverReach, cell: CellIndex, pointerType: string): 'preview' | 'cell' {
  return pointerType !== 'mouse' && rover.paths.has(cell) && rover.target !== cell ? 'preview' : 'cell';
}

export function PlanetCanvas({ board, caption, testid, interaction, size }: Props) {
  const { t } = useTranslation('table');
  const cell = size === 'large' ? LARGE_CELL : SMALL_CELL;
  const layout = planetLayout(cell);
  const wrapper = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<CellIndex | null>(null);
  // The square a mouse points at, for the tooltip naming its planet layers, with where to show it.
  const [tip, setTip] = useState<{
    cell: CellIndex;
    left: number;
    top: number;
    leftward: boolean;
  } | null>(null);
  const ghost = interaction?.ghost ?? null;
  const rover = interaction?.rover ?? null;
  const choices = !ghost && !rover && interaction ? new Set(interaction.marks.keys()) : undefined;

  const cellOf = (e: { clientX: number; clientY: number }) => {
    const canvas = wrapper.current?.querySelector('canvas');
    if (!canvas) return null;
    const rect = canvas.getBoundingClientRect();
    if (rect.width === 0) return null;
    const scale = layout.width / rect.width;
    return cellAt(layout, (e.clientX - rect.left) * scale, (e.clientY - rect.top) * scale);
  };

  const interactive = size === 'large' && Boolean(interaction);
  // The wheel rotates the ghost; React's wheel listener is passive, so attach one that may cancel scrolling.
  const onWheel = useEffectEvent((e: WheelEvent) => {
    if (!ghost || e.deltaY === 0) return;
    e.preventDefault();
    ghost.rotate(e.deltaY > 0 ? 1 : -1);
  });
  useEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const showTip = (e: PointerEvent, at: { x: number; y: number } | null) => {
    const box = wrapper.current?.getBoundingClientRect();
    if (e.pointerType !== 'mouse' || !at || !box) return setTip(null);
    const c = at.y * GRID + at.x;
    if (tip?.cell === c) return;
    // Past the middle, the tooltip opens to the pointer's left so it stays on screen.
    const left = e.clientX - box.left;
    setTip({ cell: c, left, top: e.clientY - box.top, leftward: left > box.width / 2 });
  };

  const onPointerMove = (e: PointerEvent) => {
    const at = cellOf(e);
    showTip(e, at);
    if (!interactive) return;
    const c = at ? at.y * GRID + at.x : null;
    if (c !== hover) setHover(c);
    // Any pointer: a mouse hovering, or a finger or pen dragging over the planet.
    if (ghost && at && (at.x !== ghost.at.x || at.y !== ghost.at.y)) ghost.moveTo(at.x, at.y);
  };
  const onPointerUp = (e: PointerEvent) => {
    const at = cellOf(e);
    if (!at || !interactive || !interaction) return;
    wrapper.current?.focus();
    // Touch: a tap anchors the ghost; the player then confirms with the button.
    if (ghost && e.pointerType !== 'mouse') ghost.moveTo(at.x, at.y);
    else if (rover && roverTap(rover, at.y * GRID + at.x, e.pointerType) === 'preview')
      rover.preview(at.y * GRID + at.x);
    else interaction.onCell(at.x, at.y);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!ghost || e.altKey || e.ctrlKey || e.metaKey) return;
    const command = ghostKeyCommand(e.key, e.shiftKey);
    if (!command) return;
    e.preventDefault();
    if (command.kind === 'rotate') ghost.rotate(command.direction);
    else if (command.kind === 'flip') ghost.flip();
    else if (command.kind === 'nudge') ghost.nudge(command.dx, command.dy);
    else ghost.confirm();
  };

  // No tooltip while the player aims a tile or a rover: it would hide the squares they aim at.
  const tipText = tip && !ghost && !rover ? squareTip(t, planetById(board.planet), tip.cell, board) : null;

  // One tree whatever the interaction, so the Pixi application is not rebuilt between steps.
  return (
    <div>
      <div
        ref={wrapper}
        className={`table-canvas-wrap ${size}${interactive ? ' interactive' : ''}`}
        tabIndex={interactive ? 0 : undefined}
        role={interactive ? 'application' : 'img'}
        aria-label={interactive ? t('planetCanvas', { caption }) : t('planetPicture', { caption })}
        aria-describedby={ghost ? `${testid}-ghost-status` : undefined}
        data-testid={`${testid}-canvas`}
        onPointerMove={onPointerMove}
        onPointerLeave={() => {
          setHover(null);
          setTip(null);
        }}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <CanvasSlot fallback={size === 'large' ? <p className="small">{t('noCanvas')}</p> : null}>
          <PlanetScene
            board={board}
            cell={cell}
            ghost={ghost}
            rover={rover}
            choices={choices}
            hover={hover}
          />
        </CanvasSlot>
        {tipText && tip && (
          <div
            key={tip.cell}
            className={`planet-tip${tip.leftward ? ' leftward' : ''}`}
            role="tooltip"
            data-testid={`${testid}-tip`}
            style={{ left: tip.left, top: tip.top }}
          >
            {tipText}
          </div>
        )}
      </div>
      {ghost && (
        <p
          className="table-status"
          id={`${testid}-ghost-status`}
          aria-live="polite"
          data-testid="ghost-status"
        >
          <span className={ghost.fits ? 'verdict-ok' : 'verdict-bad'}>{ghostStatusText(t, ghost)}</span>
        </p>
      )}
      {rover && (
        <p className="small" aria-live="polite" data-testid="rover-hint">
          {rover.target !== null
            ? t('roverTarget', {
                rover: rover.rover + 1,
                x: rover.target % GRID,
                y: Math.floor(rover.target / GRID),
                count: rover.paths.get(rover.target)?.length ?? 0,
              })
            : t('roverHint', { rover: rover.rover + 1 })}
        </p>
      )}
      {choices && choices.size > 0 && <p className="small">{t('choiceHint')}</p>}
    </div>
  );
}
