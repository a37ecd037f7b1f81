/**
 * The drawn planet with its keyboard and pointer path. Pixi loads lazily; until it has (or if it
 * cannot), the DOM grid next to it is the planet. The wrapper is focusable: R / Shift+R rotate,
 * F flips, arrows nudge, Enter places, Escape lets go, the mouse wheel and a right click rotate;
 * an aria-live line says where the ghost stands and whether it fits. The ghost is held by the
 * square under the pointer (a mouse hovering, a finger or pen dragging). A click or a tap pins it
 * there and shows the ring of controls around it; a click or tap on the pinned ghost places it (or
 * says why not). Rover moves: a mouse shows the path while hovering and a click moves; a first tap
 * shows the path to a reachable square and a second tap on it moves. The interactive canvas takes
 * the touch gestures itself, so dragging never scrolls. Squares a log entry points at are outlined.
 */
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type CellIndex, GRID, planetById, planetLines, type PlayerBoard } from '../../game';
import type { GridInteraction, RoverReach } from './interaction';
import { CanvasSlot } from './CanvasSlot';
import { loadable } from '../loadable';
import { ghostCells, ghostCovers, ghostKeyCommand, ghostUnder } from './ghost';
import { ghostStatusText } from './GhostPreview';
import { useGhostGainsAnnouncement } from './Announcer';
import { cellAt, planetLayout } from './planet-layout';
import { lineMarkText, squareText } from './square-words';
import { setHelpAt } from '../prefs/table-aids';
import { RingControls } from './ring-controls';
import { useHighlight } from './highlight-store';
import { animationFactor, usePreferences } from '../prefs/preferences';
import './table.css';

// Loaded without Suspense: a suspended scene would be held back 300 ms after its placeholder shows.
const PlanetScene = loadable(() => import('./pixi/PlanetScene'));

export const LARGE_CELL = 34;
/** Tooltip spots beyond the squares: the marks beside rows and below columns. */
const ROW_MARK = 200;
const COLUMN_MARK = 300;
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

/** Side of a ring control in displayed pixels: a fingertip's size on touch screens. */
const ringButtonSize = (): number => (globalThis.matchMedia?.('(pointer: coarse)').matches ? 44 : 30);

/**
 * The seat a planet belongs to, from its test id (`planet-<seat>`, or `seat-planet-<seat>` among
 * every planet), for the highlights of the log, the course and the review.
 */
const seatOf = (testid: string): string | null => /^(?:seat-)?planet-([^-]+)$/.exec(testid)?.[1] ?? null;

export function PlanetCanvas({ board, caption, testid, interaction, size }: Props) {
  const { t } = useTranslation('table');
  const cell = size === 'large' ? LARGE_CELL : SMALL_CELL;
  const layout = planetLayout(cell);
  const wrapper = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const prefs = usePreferences();
  const highlight = useHighlight();
  const highlighted = highlight && highlight.player === seatOf(testid) ? highlight.cells : null;
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
  // Pinned: the ghost stays where it was clicked or tapped (a mouse moving no longer carries it) and
  // the ring shows. It belongs to one tile and one board: the next placement starts unpinned.
  const pinKey = ghost ? `${ghost.tileId}:${board.pieces.length}` : null;
  const [pin, setPin] = useState<string | null>(null);
  const pinned = pinKey !== null && pin === pinKey;
  // The press under way: where it began, whether it has left that square, whether the ghost was pinned.
  const press = useRef<{ x: number; y: number; moved: boolean; pinned: boolean } | null>(null);
  // Where the drawing sits in the box and how much it is scaled, for the ring laid over it.
  const [frame, setFrame] = useState<{ scale: number; left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    if (!pinned) return;
    const measure = () => {
      const canvas = wrapper.current?.querySelector('canvas');
      const outer = box.current?.getBoundingClientRect();
      const rect = canvas?.getBoundingClientRect();
      if (!outer || !rect || rect.width === 0) return;
      const next = {
        scale: rect.width / layout.width,
        left: rect.left - outer.left,
        top: rect.top - outer.top,
      };
      setFrame((f) => (f && f.scale === next.scale && f.left === next.left && f.top === next.top ? f : next));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (box.current) observer?.observe(box.current);
    return () => observer?.disconnect();
  }, [pinned, layout.width]);
  const choices = !ghost && !rover && interaction ? new Set(interaction.marks.keys()) : undefined;

  /** A point of the page in the drawing's own (unscaled) coordinates, or null before it is drawn. */
  const pointOf = (e: { clientX: number; clientY: number }) => {
    const canvas = wrapper.current?.querySelector('canvas');
    if (!canvas) return null;
    const rect = canvas.getBoundingClientRect();
    if (rect.width === 0) return null;
    const scale = layout.width / rect.width;
    return { px: (e.clientX - rect.left) * scale, py: (e.clientY - rect.top) * scale };
  };
  const cellOf = (e: { clientX: number; clientY: number }) => {
    const p = pointOf(e);
    return p ? cellAt(layout, p.px, p.py) : null;
  };
  /**
   * The symbol at a point, for the tooltip and help mode: a square (0–143), or the mark beside a
   * row (ROW_MARK + row, in the strip right of the grid) or a column (COLUMN_MARK + column, below).
   */
  const spotOf = (e: { clientX: number; clientY: number }): number | null => {
    const p = pointOf(e);
    if (!p) return null;
    const at = cellAt(layout, p.px, p.py);
    if (at) return at.y * GRID + at.x;
    const x = Math.floor((p.px - layout.pad) / layout.cell);
    const y = Math.floor((p.py - layout.pad) / layout.cell);
    if (x === GRID && y >= 0 && y < GRID) return ROW_MARK + y;
    if (y === GRID && x >= 0 && x < GRID) return COLUMN_MARK + x;
    return null;
  };
  /** What a spot says: every square something, a row or column only when it bears a mark. */
  const spotText = (spot: number): string | null => {
    if (spot < GRID * GRID) return squareText(t, board, spot);
    const lines = planetLines(board, planetById(board.planet));
    if (spot >= COLUMN_MARK)
      return lineMarkText(t, 'column', spot - COLUMN_MARK, lines.columns[spot - COLUMN_MARK] ?? 'incomplete');
    return lineMarkText(t, 'row', spot - ROW_MARK, lines.rows[spot - ROW_MARK] ?? 'incomplete');
  };
  // Help mode asks the drawing what lies under the tap.
  const helpAt = useEffectEvent((e: { clientX: number; clientY: number }) => {
    const spot = spotOf(e);
    return spot === null ? null : spotText(spot);
  });
  useEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    setHelpAt(el, (x, y) => helpAt({ clientX: x, clientY: y }));
    return () => setHelpAt(el, null);
  }, []);

  const interactive = size === 'large' && Boolean(interaction);
  // What a placement would gain is said once the ghost rests after a keyboard move.
  const movedByKeys = useGhostGainsAnnouncement(interactive ? ghost : null);
  const keyed = interactive && ghost !== null;
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

  const showTip = (e: PointerEvent) => {
    const box = wrapper.current?.getBoundingClientRect();
    const c = spotOf(e);
    if (e.pointerType !== 'mouse' || c === null || !box) return setTip(null);
    if (tip?.cell === c) return;
    // Past the middle, the tooltip opens to the pointer's left so it stays on screen.
    const left = e.clientX - box.left;
    setTip({ cell: c, left, top: e.clientY - box.top, leftward: left > box.width / 2 });
  };

  // The ghost held by the square (x, y), moved only if that changes where it stands.
  const carryTo = (x: number, y: number) => {
    if (!ghost) return;
    const next = ghostUnder(ghost.tileId, ghost.at, x, y);
    if (next.x !== ghost.at.x || next.y !== ghost.at.y) ghost.moveTo(next.x, next.y);
  };
  const onPointerDown = (e: PointerEvent) => {
    const at = cellOf(e);
    press.current = at && interactive && e.button === 0 ? { ...at, moved: false, pinned } : null;
  };
  const onPointerMove = (e: PointerEvent) => {
    const at = cellOf(e);
    showTip(e);
    if (!interactive) return;
    const c = at ? at.y * GRID + at.x : null;
    if (c !== hover) setHover(c);
    if (!ghost || !at) return;
    const pressing = press.current !== null && (e.pointerType !== 'mouse' || e.buttons !== 0);
    if (pressing && press.current && (at.x !== press.current.x || at.y !== press.current.y))
      press.current.moved = true;
    // A mouse hovering carries an unpinned ghost; a finger, a pen or a pressed mouse drags it, pinned or not.
    if (pressing || (e.pointerType === 'mouse' && !pinned)) carryTo(at.x, at.y);
  };
  const onPointerUp = (e: PointerEvent) => {
    const at = cellOf(e);
    const pressed = press.current;
    press.current = null;
    if (!at || !interactive || !interaction || e.button !== 0) return;
    wrapper.current?.focus();
    if (ghost) {
      // A click or tap (not a drag) on the pinned ghost places it; on the unpinned ghost it pins it
      // where it stands; anywhere else it pins the ghost there.
      const onGhost = ghostCovers(ghost.tileId, ghost.at, at.x, at.y);
      if (pressed && !pressed.moved && pressed.pinned && onGhost) ghost.confirm();
      else {
        if (!onGhost) carryTo(at.x, at.y);
        setPin(pinKey);
      }
    } else if (rover && roverTap(rover, at.y * GRID + at.x, e.pointerType) === 'preview')
      rover.preview(at.y * GRID + at.x);
    else interaction.onCell(at.x, at.y);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!ghost || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape' && pinned) {
      e.stopPropagation();
      setPin(null);
      return;
    }
    const command = ghostKeyCommand(e.key, e.shiftKey);
    if (!command) return;
    // Enter on a ring control presses that control, not the planet's "place".
    if (command.kind === 'confirm' && e.target !== e.currentTarget) return;
    e.preventDefault();
    // Moved by the keys, the ghost stays put when the mouse next stirs.
    setPin(pinKey);
    if (command.kind === 'rotate') ghost.rotate(command.direction);
    else if (command.kind === 'flip') ghost.flip();
    else if (command.kind === 'nudge') ghost.nudge(command.dx, command.dy);
    else ghost.confirm();
    if (command.kind !== 'confirm') movedByKeys();
  };

  // No tooltip while the player aims a tile or a rover: it would hide the squares they aim at.
  const tipText = tip && !ghost && !rover ? spotText(tip.cell) : null;

  // One tree whatever the interaction, so the Pixi application is not rebuilt between steps.
  return (
    <div ref={box} className="planet-canvas-box">
      <div
        ref={wrapper}
        className={`table-canvas-wrap ${size}${interactive ? ' interactive' : ''}${highlighted ? ' highlighted' : ''}`}
        // A tab stop only while its keys do something: a ghost to move (rovers run from their toolbar).
        tabIndex={keyed ? 0 : undefined}
        role={keyed ? 'application' : 'img'}
        aria-label={keyed ? t('planetCanvas', { caption }) : t('planetPicture', { caption })}
        aria-describedby={ghost ? `${testid}-ghost-status` : undefined}
        data-testid={`${testid}-canvas`}
        data-pinned={ghost ? String(pinned) : undefined}
        data-ghost-cells={
          ghost
            ? ghostCells(ghost.tileId, ghost.at)
                .map((c) => c.y * GRID + c.x)
                .join(',')
            : undefined
        }
        data-highlight={highlighted ? highlighted.join(',') : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerLeave={() => {
          setHover(null);
          setTip(null);
        }}
        onPointerUp={onPointerUp}
        onContextMenu={(e) => {
          // A right click turns the ghost instead of opening the browser's menu.
          if (!ghost) return;
          e.preventDefault();
          ghost.rotate(1);
        }}
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
            highlight={highlighted}
            motion={animationFactor(prefs)}
            strongSymbols={prefs.strongSymbols}
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
      {ghost && pinned && frame && (
        <RingControls
          ghost={ghost}
          layout={layout}
          scale={frame.scale}
          offset={frame}
          button={ringButtonSize()}
          testid={testid}
          onKeyDown={onKeyDown}
          focusPlanet={() => wrapper.current?.focus()}
        />
      )}
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
