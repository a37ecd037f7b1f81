/**
 * A planet's own layers (§8.1) drawn on the table, each readable without colour: marked squares
 * carry a pattern while they are bare (a skyline for a city, orbit lines for the ring, a cloud and
 * cross-hatching for toxic squares, a zigzag current for electric squares, a spiral for the vortex),
 * holes and the void are dark pits, and the region layers are lines over everything (the ring's and
 * the sub-planets' outlines, the quadrants' dashed cross with each quadrant's forbidden icon struck
 * out in its corner, the chasm as a thick crack with arrows at its two breaks).
 */
import type { Graphics } from 'pixi.js';
import type { Terrain } from '../../../game';
import type { PlanetLayers, Segment, SquareLayer } from '../planet-layers';
import { BLOCKED, OUTLINE } from '../palette';
import { drawTerrainSquare } from './draw';

export const LAYER_INK = {
  city: 0x6b3d12,
  ring: 0x6a3d9a,
  vortex: 0x0f5a73,
  toxic: 0x4d5a12,
  electric: 0x7a5c00,
  hole: 0x2b2b3a,
  void: 0x101018,
  quadrant: 0x6a3d9a,
  chasm: 0x2a1708,
  subPlanet: 0x1f4e79,
} as const;

/** The pale ground of a bare marked square, so its pattern reads on it. */
const LAYER_GROUND: Partial<Record<SquareLayer, number>> = {
  city: 0xf1dcb4,
  toxic: 0xd9e0a8,
  electric: 0xf6eab0,
  // Not pale blue: ice is.
  vortex: 0xf4d3c8,
};

/** The pattern of a bare marked square (or a hole) at (x, y), size s. */
export function drawSquareLayer(g: Graphics, layer: SquareLayer, x: number, y: number, s: number): void {
  const ground = LAYER_GROUND[layer];
  if (ground !== undefined) g.rect(x, y, s, s).fill({ color: ground });
  const ink = LAYER_INK[layer];
  const line = { width: Math.max(1, s / 14), color: ink };
  switch (layer) {
    case 'city': {
      // A skyline of three blocks.
      const base = y + s * 0.85;
      for (const [dx, w, h] of [
        [0.14, 0.2, 0.4],
        [0.38, 0.24, 0.62],
        [0.66, 0.2, 0.3],
      ] as const)
        g.rect(x + dx * s, base - h * s, w * s, h * s).fill({ color: ink });
      break;
    }
    case 'ring':
      for (const k of [0.3, 0.7])
        g.moveTo(x, y + k * s)
          .lineTo(x + s, y + k * s)
          .stroke({ ...line, alpha: 0.55 });
      break;
    case 'vortex': {
      // A spiral from the centre outwards.
      const cx = x + s / 2;
      const cy = y + s / 2;
      g.moveTo(cx, cy);
      for (let k = 1; k <= 28; k++) {
        const a = k * 0.45;
        const r = (k / 28) * s * 0.4;
        g.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
      }
      g.stroke(line);
      break;
    }
    case 'toxic': {
      for (const k of [0.33, 0.66, 1, 1.33, 1.66]) {
        g.moveTo(x + Math.max(0, k - 1) * s, y + Math.min(1, k) * s)
          .lineTo(x + Math.min(1, k) * s, y + Math.max(0, k - 1) * s)
          .moveTo(x + Math.max(0, 1 - k) * s, y + Math.max(0, k - 1) * s)
          .lineTo(x + Math.min(1, 2 - k) * s, y + Math.min(1, k) * s);
      }
      g.stroke({ ...line, alpha: 0.35 });
      // A cloud.
      const cy = y + s * 0.55;
      g.circle(x + s * 0.34, cy, s * 0.15)
        .circle(x + s * 0.52, cy - s * 0.1, s * 0.18)
        .circle(x + s * 0.68, cy, s * 0.14)
        .rect(x + s * 0.34, cy, s * 0.34, s * 0.14)
        .fill({ color: ink });
      break;
    }
    case 'electric':
      g.moveTo(x + s * 0.08, y + s * 0.5);
      for (const [dx, dy] of [
        [0.25, 0.25],
        [0.42, 0.72],
        [0.58, 0.28],
        [0.75, 0.75],
        [0.92, 0.5],
      ] as const)
        g.lineTo(x + dx * s, y + dy * s);
      g.stroke({ width: Math.max(1.5, s / 10), color: ink });
      break;
    case 'hole':
      g.rect(x, y, s, s).fill({ color: ink });
      g.circle(x + s / 2, y + s / 2, s * 0.3).stroke({ width: Math.max(1, s / 12), color: 0x8a8aa0 });
      g.circle(x + s / 2, y + s / 2, s * 0.14).stroke({ width: Math.max(1, s / 14), color: 0x8a8aa0 });
      break;
    case 'void':
      g.rect(x, y, s, s).fill({ color: ink });
      break;
  }
}

function strokeSegments(g: Graphics, segments: readonly Segment[], at: (u: number) => number): void {
  for (const s of segments) g.moveTo(at(s.x1), at(s.y1)).lineTo(at(s.x2), at(s.y2));
}

function dashedSegments(g: Graphics, segments: readonly Segment[], at: (u: number) => number): void {
  // Each edge is one square long: a dash in its middle half reads as a dashed line.
  for (const s of segments) {
    const mx = (s.x1 + s.x2) / 2;
    const my = (s.y1 + s.y2) / 2;
    const dx = ((s.x2 - s.x1) / 2) * 0.55;
    const dy = ((s.y2 - s.y1) / 2) * 0.55;
    g.moveTo(at(mx - dx), at(my - dy)).lineTo(at(mx + dx), at(my + dy));
  }
}

/** The "not allowed" sign over a resource: a terrain square with its icon, a ring and a slash. */
export function drawForbiddenIcon(g: Graphics, terrain: Terrain, cx: number, cy: number, r: number): void {
  const half = r * 0.62;
  drawTerrainSquare(g, terrain, cx - half, cy - half, half * 2, true);
  const width = Math.max(2, r / 5);
  g.circle(cx, cy, r).stroke({ width: width + 2, color: 0xffffff });
  g.circle(cx, cy, r).stroke({ width, color: BLOCKED });
  const k = r * 0.7;
  g.moveTo(cx - k, cy - k)
    .lineTo(cx + k, cy + k)
    .stroke({ width: width + 2, color: 0xffffff })
    .moveTo(cx - k, cy - k)
    .lineTo(cx + k, cy + k)
    .stroke({ width, color: BLOCKED });
}

/** The spiral of the void, centred on it. */
function drawVoidSpiral(g: Graphics, cx: number, cy: number, r: number, cell: number): void {
  for (const turn of [0, Math.PI]) {
    g.moveTo(cx, cy);
    for (let k = 1; k <= 40; k++) {
      const a = turn + k * 0.16;
      const rr = (k / 40) * r;
      g.lineTo(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
    }
  }
  g.stroke({ width: Math.max(1, cell / 12), color: 0x9a9ab8 });
  g.circle(cx, cy, Math.max(2, cell * 0.16)).fill({ color: 0x000000 });
}

/**
 * The lines over the planet (they stay visible on tiles): region outlines, the quadrants' cross
 * and forbidden icons, the chasm and its breaks. `at` maps grid units to canvas pixels.
 */
export function drawLayerLines(
  g: Graphics,
  layers: PlanetLayers,
  at: (u: number) => number,
  cell: number,
): void {
  const centre = (u: number) => at(u + 0.5);
  if (layers.voidOutline.length) {
    const cells = layers.square.flatMap((s, c) => (s === 'void' ? [c] : []));
    const mx = cells.reduce((a, c) => a + (c % 12), 0) / cells.length;
    const my = cells.reduce((a, c) => a + Math.floor(c / 12), 0) / cells.length;
    drawVoidSpiral(g, centre(mx), centre(my), cell * 1.6, cell);
    strokeSegments(g, layers.voidOutline, at);
    g.stroke({ width: Math.max(1.5, cell / 10), color: 0x9a9ab8 });
  }
  if (layers.ringOutline.length) {
    strokeSegments(g, layers.ringOutline, at);
    g.stroke({ width: Math.max(2, cell / 8), color: LAYER_INK.ring });
  }
  for (const p of layers.subPlanets) {
    strokeSegments(g, p.outline, at);
    g.stroke({ width: Math.max(2.5, cell / 6), color: 0xffffff });
    strokeSegments(g, p.outline, at);
    g.stroke({ width: Math.max(1.5, cell / 10), color: LAYER_INK.subPlanet });
  }
  if (layers.subPlanetSeams.length) {
    // A wide line with a light core reads as two outlines side by side.
    strokeSegments(g, layers.subPlanetSeams, at);
    g.stroke({ width: Math.max(4.5, cell / 3.5), color: LAYER_INK.subPlanet });
    strokeSegments(g, layers.subPlanetSeams, at);
    g.stroke({ width: Math.max(1.5, cell / 10), color: 0xffffff });
  }
  if (layers.quadrantLines.length) {
    dashedSegments(g, layers.quadrantLines, at);
    g.stroke({ width: Math.max(3, cell / 6), color: 0xffffff });
    dashedSegments(g, layers.quadrantLines, at);
    g.stroke({ width: Math.max(2, cell / 9), color: LAYER_INK.quadrant });
    // Each quadrant's forbidden icon in its outer corner, off the planet's squares.
    for (const q of layers.quadrants) {
      const x = q.x[0] === 0 ? at(0.95) : at(12 - 0.95);
      const y = q.y[0] === 0 ? at(0.95) : at(12 - 0.95);
      drawForbiddenIcon(g, q.forbids, x, y, cell * 0.8);
    }
  }
  if (layers.chasm.length) {
    strokeSegments(g, layers.chasm, at);
    g.stroke({ width: Math.max(4, cell / 3.5), color: 0xffffff, alpha: 0.8 });
    strokeSegments(g, layers.chasm, at);
    g.stroke({ width: Math.max(2.5, cell / 5), color: LAYER_INK.chasm });
    for (const b of layers.breaks) {
      const x1 = centre(b.from.x);
      const y1 = centre(b.from.y);
      const x2 = centre(b.to.x);
      const y2 = centre(b.to.y);
      drawBreakArrow(g, x1, y1, x2, y2, cell);
    }
  }
}

/** A double-headed diagonal arrow across a break, with a white halo. */
function drawBreakArrow(g: Graphics, x1: number, y1: number, x2: number, y2: number, cell: number): void {
  const len = Math.hypot(x2 - x1, y2 - y1);
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const head = cell * 0.3;
  const path = (gr: Graphics) => {
    gr.moveTo(x1, y1).lineTo(x2, y2);
    for (const [px, py, dir] of [
      [x2, y2, 1],
      [x1, y1, -1],
    ] as const) {
      const bx = px - dir * ux * head;
      const by = py - dir * uy * head;
      gr.moveTo(px, py)
        .lineTo(bx - uy * head * 0.6, by + ux * head * 0.6)
        .moveTo(px, py)
        .lineTo(bx + uy * head * 0.6, by - ux * head * 0.6);
    }
  };
  path(g);
  g.stroke({ width: Math.max(3, cell / 6), color: 0xffffff });
  path(g);
  g.stroke({ width: Math.max(1.5, cell / 12), color: OUTLINE });
}
