/**
 * The drawn planet (loaded lazily with pixi.js): terrain with patterns, ice, the planet's own layers
 * (./layers.ts), lifepods, meteorites, rovers (one carrying a meteorite shows it on its roof),
 * completed rows and columns, and on top the interaction: legal corners, the ghost tile
 * (tick and solid outline when it fits, cross and dashed outline when not), the squares to point at
 * for a legal spot, reachable rover squares, and the squares a log entry points at. A newly placed
 * tile drops in, unless animations are off. Pointer and keyboard input are handled by the DOM wrapper.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { extend, useTick } from '@pixi/react';
import { Container, Graphics, Text, type Ticker } from 'pixi.js';
import {
  type CellIndex,
  GRID,
  type LineStatus,
  planetById,
  planetGeometry,
  planetLines,
  type PlayerBoard,
  tileById,
} from '../../../game';
import type { GhostControls, RoverReach } from '../interaction';
import { ghostCells, grabSquares } from '../ghost';
import { TableApplication, useOnDemandRender } from './on-demand';
import { planetLayout } from '../planet-layout';
import { easeInOutCubic } from '../station-geometry';
import { BLOCKED, FITS, HIGHLIGHT, ICE, ICE_INK, LAND, LIFEPOD, OUTLINE } from '../palette';
import { dashedRect, drawCross, drawTerrainSquare, drawTick } from './draw';
import { carriedMeteorites, planetLayers } from '../planet-layers';
import { drawLayerLines, drawSquareLayer } from './layers';

extend({ Container, Graphics, Text });

export interface PlanetSceneProps {
  board: PlayerBoard;
  cell: number;
  ghost?: GhostControls | null;
  rover?: RoverReach | null;
  /** Squares a pending gain may choose. */
  choices?: ReadonlySet<CellIndex>;
  hover?: CellIndex | null;
  /** Squares a log entry points at, outlined until the highlight ends. */
  highlight?: readonly CellIndex[] | null;
  /** How long animations last relative to normal; 0: none (reduced motion or the player's choice). */
  motion?: number;
  /** The colour-blind aid: terrain patterns and icons drawn stronger. */
  strongSymbols?: boolean;
}

const DROP_MS = 350;

/** A meteorite: a dark rock of radius r centred at (cx, cy). */
function drawMeteorite(g: Graphics, cx: number, cy: number, r: number, cell: number): void {
  g.poly([
    cx - r,
    cy - r * 0.2,
    cx - r * 0.4,
    cy - r,
    cx + r * 0.6,
    cy - r * 0.7,
    cx + r,
    cy + r * 0.2,
    cx + r * 0.2,
    cy + r,
    cx - r * 0.7,
    cy + r * 0.7,
  ])
    .fill({ color: 0x4a4a4a })
    .stroke({ width: Math.max(1, cell / 16), color: 0x111111 });
}

function Planet({
  board,
  cell,
  ghost,
  rover,
  choices,
  hover,
  highlight,
  motion = 1,
  strongSymbols = false,
}: PlanetSceneProps) {
  const layout = planetLayout(cell);
  const { pad } = layout;
  const planet = planetById(board.planet);
  const geometry = planetGeometry(planet);
  const layers = planetLayers(planet);
  // Where a column (px) or a row (py) starts: the grid's squares are square.
  const px = useCallback((x: number) => pad + x * cell, [pad, cell]);
  const py = px;

  // The newest tile drops in when the number of pieces grows (at once when animations are off).
  const [dropping, setDropping] = useState<number | null>(null);
  const [seenPieces, setSeenPieces] = useState(board.pieces.length);
  if (board.pieces.length !== seenPieces) {
    setSeenPieces(board.pieces.length);
    if (board.pieces.length > seenPieces && motion > 0) setDropping(board.pieces.length - 1);
  }
  const dropMs = DROP_MS * motion;
  const dropStart = useRef(0);
  const dropLayer = useRef<Container>(null);
  const animate = useOnDemandRender();
  useEffect(() => {
    if (dropping !== null) dropStart.current = performance.now();
    animate(dropping !== null);
  }, [animate, dropping]);
  const dropPiece = dropping !== null ? board.pieces[dropping] : undefined;

  const tick = useCallback(
    (_ticker: Ticker) => {
      const layer = dropLayer.current;
      if (!layer || dropping === null) return;
      const t = dropMs > 0 ? Math.min(1, (performance.now() - dropStart.current) / dropMs) : 1;
      const e = easeInOutCubic(t);
      layer.alpha = e;
      layer.scale.set(1.25 - 0.25 * e);
      if (t >= 1) setDropping(null);
    },
    [dropping, dropMs],
  );
  useTick({ callback: tick, isEnabled: dropping !== null });

  const drawBoard = useCallback(
    (g: Graphics) => {
      g.clear();
      for (let y = 0; y < GRID; y++) {
        for (let x = 0; x < GRID; x++) {
          const c = y * GRID + x;
          const layer = layers.square[c] ?? null;
          if (!geometry.isSquare[c]) {
            // Holes and the void are not squares but are part of the planet: drawn as dark pits.
            if (layer) drawSquareLayer(g, layer, px(x), py(y), cell);
            continue;
          }
          const pieceIndex = board.pieceAt[c] ?? -1;
          if (dropPiece && pieceIndex === dropping) continue;
          const terrain = board.terrain[c] ?? null;
          if (terrain)
            drawTerrainSquare(
              g,
              terrain,
              px(x),
              px(y),
              cell,
              (board.icon[c] ?? null) !== null,
              1,
              strongSymbols,
            );
          else {
            g.rect(px(x), px(y), cell, cell).fill({ color: geometry.isIce[c] ? ICE : LAND });
            if (geometry.isIce[c]) {
              // Ice: a small snowflake-like asterisk, so ice is not told by colour alone.
              const cx = px(x) + cell / 2;
              const cy = py(y) + cell / 2;
              const r = cell * 0.22;
              for (let k = 0; k < 3; k++) {
                const a = (k * Math.PI) / 3;
                g.moveTo(cx - r * Math.cos(a), cy - r * Math.sin(a)).lineTo(
                  cx + r * Math.cos(a),
                  cy + r * Math.sin(a),
                );
              }
              g.stroke({ width: Math.max(1, cell / 16), color: ICE_INK });
            }
            // A marked square shows its layer while it is bare (a tile covering it ends its effect).
            if (layer) drawSquareLayer(g, layer, px(x), py(y), cell);
          }
          g.rect(px(x), px(y), cell, cell).stroke({ width: 1, color: 0x8a8170, alpha: 0.6 });
        }
      }
      // Thick borders where two different pieces (or a piece and bare land) meet.
      for (let y = 0; y < GRID; y++) {
        for (let x = 0; x < GRID; x++) {
          const c = y * GRID + x;
          const piece = board.pieceAt[c] ?? -1;
          if (piece === -1 || piece === dropping) continue;
          const right = x + 1 < GRID ? (board.pieceAt[c + 1] ?? -1) : -2;
          const below = y + 1 < GRID ? (board.pieceAt[c + GRID] ?? -1) : -2;
          const left = x > 0 ? (board.pieceAt[c - 1] ?? -1) : -2;
          const above = y > 0 ? (board.pieceAt[c - GRID] ?? -1) : -2;
          if (right !== piece) g.moveTo(px(x + 1), py(y)).lineTo(px(x + 1), py(y + 1));
          if (below !== piece) g.moveTo(px(x), py(y + 1)).lineTo(px(x + 1), py(y + 1));
          if (left !== piece) g.moveTo(px(x), py(y)).lineTo(px(x), py(y + 1));
          if (above !== piece) g.moveTo(px(x), py(y)).lineTo(px(x + 1), py(y));
        }
      }
      g.stroke({ width: Math.max(1.5, cell / 14), color: OUTLINE });
      drawLayerLines(g, layers, px, cell);
      // Lifepods: an orange pod with a round window, a piece rather than a digit; meteorites: a dark rock.
      for (const c of board.lifepods) {
        const cx = px(c % GRID) + cell / 2;
        const cy = py(Math.floor(c / GRID)) + cell / 2;
        g.roundRect(cx - cell * 0.2, cy - cell * 0.28, cell * 0.4, cell * 0.56, cell * 0.2)
          .fill({ color: LIFEPOD })
          .stroke({ width: Math.max(1, cell / 16), color: OUTLINE });
        g.circle(cx, cy - cell * 0.06, cell * 0.1)
          .fill({ color: 0xdff3ff })
          .stroke({ width: Math.max(1, cell / 20), color: OUTLINE });
      }
      // A meteorite a rover carries (Horizon Group) rides on the rover, not on the ground.
      const carried = carriedMeteorites(board);
      const onGround = [...board.meteorites];
      for (const c of carried.values()) onGround.splice(onGround.indexOf(c), 1);
      for (const c of onGround)
        drawMeteorite(g, px(c % GRID) + cell / 2, py(Math.floor(c / GRID)) + cell / 2, cell * 0.3, cell);
      for (const r of board.rovers) {
        if (r.cell === null || r.destroyed) continue;
        const x = px(r.cell % GRID);
        const y = py(Math.floor(r.cell / GRID));
        g.roundRect(x + cell * 0.12, y + cell * 0.22, cell * 0.76, cell * 0.46, cell * 0.1)
          .fill({ color: 0xfafafa })
          .stroke({ width: Math.max(1, cell / 14), color: OUTLINE });
        for (const wx of [0.28, 0.72])
          g.circle(x + cell * wx, y + cell * 0.74, cell * 0.1).fill({ color: OUTLINE });
        // Its load: the meteorite sits on its roof, held by a strap.
        if (carried.has(r.id)) {
          // A white rim keeps the rock apart from the rover's outline at any size.
          g.circle(x + cell * 0.72, y + cell * 0.22, cell * 0.27).fill({ color: 0xffffff });
          drawMeteorite(g, x + cell * 0.72, y + cell * 0.22, cell * 0.24, cell);
        }
      }
      // Beside rows (right) and columns (below), as scoring sees them (§6.3): a tick for a complete
      // line, a cross for a complete line a meteorite cancels.
      const lines = planetLines(board, planet);
      const r = cell * 0.3;
      const mark = (status: LineStatus, x: number, y: number) => {
        if (status === 'complete') drawTick(g, x, y, r, FITS);
        else if (status === 'cancelled') drawCross(g, x, y, r, BLOCKED);
      };
      lines.rows.forEach((status, row) => mark(status, px(GRID) + cell * 0.45, py(row) + cell / 2));
      lines.columns.forEach((status, col) => mark(status, px(col) + cell / 2, py(GRID) + cell * 0.45));
    },
    [board, cell, dropping, dropPiece, geometry, layers, planet, px, py, strongSymbols],
  );

  const drawDrop = useCallback(
    (g: Graphics) => {
      g.clear();
      if (!dropPiece || dropPiece.kind !== 'tile') return;
      const tile = tileById(dropPiece.tileId);
      // Drawn relative to the piece's centre so the drop scales around it.
      const cxs = dropPiece.cells.map((c) => c % GRID);
      const cys = dropPiece.cells.map((c) => Math.floor(c / GRID));
      const mx = ((Math.min(...cxs) + Math.max(...cxs) + 1) / 2) * cell + pad;
      const my = ((Math.min(...cys) + Math.max(...cys) + 1) / 2) * cell + pad;
      dropPiece.cells.forEach((c, k) => {
        const tc = tile.cells[k];
        if (!tc) return;
        drawTerrainSquare(
          g,
          tc.terrain,
          px(c % GRID) - mx,
          py(Math.floor(c / GRID)) - my,
          cell,
          tc.resource,
          1,
          strongSymbols,
        );
      });
    },
    [dropPiece, cell, pad, px, py, strongSymbols],
  );
  const dropCentre = (() => {
    if (!dropPiece) return { x: 0, y: 0 };
    const cxs = dropPiece.cells.map((c) => c % GRID);
    const cys = dropPiece.cells.map((c) => Math.floor(c / GRID));
    return {
      x: ((Math.min(...cxs) + Math.max(...cxs) + 1) / 2) * cell + pad,
      y: ((Math.min(...cys) + Math.max(...cys) + 1) / 2) * cell + pad,
    };
  })();

  const drawOverlay = useCallback(
    (g: Graphics) => {
      g.clear();
      // Squares a log entry points at: a tinted square with a thick outline, read even when drawn small.
      for (const c of highlight ?? []) {
        const inset = Math.max(1, cell / 12);
        g.rect(px(c % GRID), py(Math.floor(c / GRID)), cell, cell)
          .fill({ color: HIGHLIGHT, alpha: 0.35 })
          .rect(px(c % GRID) + inset / 2, py(Math.floor(c / GRID)) + inset / 2, cell - inset, cell - inset)
          .stroke({ width: Math.max(2, inset), color: HIGHLIGHT });
      }
      // Squares a pending gain may choose: a blue ring.
      for (const c of choices ?? []) {
        g.circle(px(c % GRID) + cell / 2, py(Math.floor(c / GRID)) + cell / 2, cell * 0.36).stroke({
          width: Math.max(2, cell / 10),
          color: HIGHLIGHT,
        });
      }
      if (rover) {
        for (const c of rover.paths.keys())
          dashedRect(g, px(c % GRID) + 3, py(Math.floor(c / GRID)) + 3, cell - 6, cell - 6, cell / 8, {
            width: Math.max(2, cell / 14),
            color: HIGHLIGHT,
          });
        // The path to the square under the mouse, else to the previewed one (a tap, the keyboard).
        const shown = hover !== null && hover !== undefined && rover.paths.has(hover) ? hover : rover.target;
        const path = shown !== null ? rover.paths.get(shown) : undefined;
        if (shown !== null && path) {
          g.rect(px(shown % GRID) + 2, py(Math.floor(shown / GRID)) + 2, cell - 4, cell - 4).stroke({
            width: Math.max(3, cell / 10),
            color: HIGHLIGHT,
          });
          g.moveTo(px(rover.from % GRID) + cell / 2, py(Math.floor(rover.from / GRID)) + cell / 2);
          for (const [x, y] of path) g.lineTo(px(x) + cell / 2, py(y) + cell / 2);
          g.stroke({ width: Math.max(3, cell / 8), color: HIGHLIGHT });
        }
      }
      if (!ghost) return;
      // Where to point for a legal spot in this orientation (the square the tile is held by there,
      // always on the planet): a small "+" in a circle, in its corner, clear of a lifepod or rover.
      for (const c of grabSquares(ghost.tileId, ghost.at.orientation, ghost.anchors)) {
        const cx = px(c % GRID) + cell * 0.22;
        const cy = py(Math.floor(c / GRID)) + cell * 0.22;
        g.circle(cx, cy, cell * 0.14)
          .fill({ color: 0xffffff, alpha: 0.9 })
          .stroke({ width: 1.5, color: FITS });
        g.moveTo(cx - cell * 0.08, cy)
          .lineTo(cx + cell * 0.08, cy)
          .moveTo(cx, cy - cell * 0.08)
          .lineTo(cx, cy + cell * 0.08)
          .stroke({ width: 1.5, color: FITS });
      }
      const tile = tileById(ghost.tileId);
      const cells = ghostCells(ghost.tileId, ghost.at);
      for (const { x, y, k } of cells) {
        const tc = tile.cells[k];
        if (tc) drawTerrainSquare(g, tc.terrain, px(x), py(y), cell, tc.resource, 0.72, strongSymbols);
      }
      const color = ghost.fits ? FITS : BLOCKED;
      for (const { x, y } of cells) {
        if (ghost.fits)
          g.rect(px(x) + 1, py(y) + 1, cell - 2, cell - 2).stroke({ width: Math.max(2, cell / 12), color });
        else
          dashedRect(g, px(x) + 1, py(y) + 1, cell - 2, cell - 2, cell / 6, {
            width: Math.max(2, cell / 12),
            color,
          });
      }
      const first = cells[0];
      if (first) {
        const badge = { x: px(first.x) + cell * 0.05, y: py(first.y) + cell * 0.05 };
        if (ghost.fits) drawTick(g, badge.x, badge.y, cell * 0.28, color);
        else drawCross(g, badge.x, badge.y, cell * 0.28, color);
      }
    },
    [ghost, rover, choices, hover, highlight, cell, px, py, strongSymbols],
  );

  const labels = board.rovers.filter((r) => r.cell !== null && !r.destroyed);
  return (
    <pixiContainer>
      <pixiGraphics draw={drawBoard} />
      {labels.map((r) => (
        <pixiText
          key={r.id}
          text={String(r.id + 1)}
          x={px((r.cell as number) % GRID) + cell / 2}
          y={py(Math.floor((r.cell as number) / GRID)) + cell * 0.45}
          anchor={0.5}
          style={{ fontSize: Math.max(9, cell * 0.36), fontWeight: 'bold', fill: OUTLINE }}
        />
      ))}
      {dropPiece && (
        <pixiContainer ref={dropLayer} x={dropCentre.x} y={dropCentre.y} alpha={0}>
          <pixiGraphics draw={drawDrop} />
        </pixiContainer>
      )}
      <pixiGraphics draw={drawOverlay} />
    </pixiContainer>
  );
}

export default function PlanetScene(props: PlanetSceneProps) {
  const layout = planetLayout(props.cell);
  return (
    <TableApplication width={layout.width} height={layout.height}>
      <Planet {...props} />
    </TableApplication>
  );
}
