/** Drawing helpers shared by the planet and the station: terrain squares with patterns, icons, marks. */
import type { Graphics } from 'pixi.js';
import type { Terrain } from '../../../game';
import { TERRAIN_PATTERN, OUTLINE, terrainColor, terrainInk } from '../palette';

/**
 * A square of terrain: colour, its pattern, and the resource icon if printed. `strong` (the
 * colour-blind aid) draws the pattern in full ink and twice as thick, and the icon larger.
 */
export function drawTerrainSquare(
  g: Graphics,
  terrain: Terrain,
  x: number,
  y: number,
  size: number,
  resource: boolean,
  alpha = 1,
  strong = false,
): void {
  g.rect(x, y, size, size).fill({ color: terrainColor(terrain), alpha });
  drawPattern(g, terrain, x, y, size, alpha, strong);
  if (resource) drawResourceIcon(g, x + size / 2, y + size / 2, size * (strong ? 0.24 : 0.2), alpha);
}

export function drawPattern(
  g: Graphics,
  terrain: Terrain,
  x: number,
  y: number,
  s: number,
  alpha = 1,
  strong = false,
): void {
  const ink = terrainInk(terrain);
  const width = Math.max(strong ? 2 : 1, (s / 14) * (strong ? 2 : 1));
  const inkAlpha = alpha * (strong ? 1 : 0.7);
  const stroke = { width, color: ink, alpha: inkAlpha };
  switch (TERRAIN_PATTERN[terrain]) {
    case 'stripes':
      for (const k of [0.35, 0.7, 1.05, 1.4])
        g.moveTo(x + Math.max(0, k - 1) * s, y + Math.min(1, k) * s)
          .lineTo(x + Math.min(1, k) * s, y + Math.max(0, k - 1) * s)
          .stroke(stroke);
      break;
    case 'waves':
      for (const k of [0.35, 0.68]) {
        g.moveTo(x + 0.12 * s, y + k * s)
          .quadraticCurveTo(x + 0.31 * s, y + (k - 0.14) * s, x + 0.5 * s, y + k * s)
          .quadraticCurveTo(x + 0.69 * s, y + (k + 0.14) * s, x + 0.88 * s, y + k * s)
          .stroke(stroke);
      }
      break;
    case 'dots':
      for (const [dx, dy] of [
        [0.27, 0.27],
        [0.73, 0.27],
        [0.27, 0.73],
        [0.73, 0.73],
      ] as const)
        g.circle(x + dx * s, y + dy * s, s * (strong ? 0.12 : 0.08)).fill({ color: ink, alpha: inkAlpha });
      break;
    case 'cross':
      g.moveTo(x + s / 2, y + 0.15 * s)
        .lineTo(x + s / 2, y + 0.85 * s)
        .moveTo(x + 0.15 * s, y + s / 2)
        .lineTo(x + 0.85 * s, y + s / 2)
        .stroke(stroke);
      break;
    case 'ring':
      // Strong: a ring wide enough to show around a resource icon.
      g.circle(x + s / 2, y + s / 2, s * (strong ? 0.36 : 0.25)).stroke(stroke);
      break;
    case 'bolt':
      g.poly([
        x + 0.55 * s,
        y + 0.1 * s,
        x + 0.25 * s,
        y + 0.55 * s,
        x + 0.47 * s,
        y + 0.55 * s,
        x + 0.38 * s,
        y + 0.9 * s,
        x + 0.75 * s,
        y + 0.38 * s,
        x + 0.55 * s,
        y + 0.38 * s,
      ]).fill({ color: ink, alpha: inkAlpha });
      break;
  }
}

/** A white diamond: the resource icon printed on a tile square. */
export function drawResourceIcon(g: Graphics, cx: number, cy: number, r: number, alpha = 1): void {
  g.poly([cx, cy - r, cx + r, cy, cx, cy + r, cx - r, cy])
    .fill({ color: 0xffffff, alpha })
    .stroke({ width: Math.max(1, r / 4), color: OUTLINE, alpha });
}

/** A dashed rectangle outline (pixi has no dash style). */
export function dashedRect(
  g: Graphics,
  x: number,
  y: number,
  w: number,
  h: number,
  dash: number,
  style: { width: number; color: number; alpha?: number },
): void {
  const edges: [number, number, number, number][] = [
    [x, y, x + w, y],
    [x + w, y, x + w, y + h],
    [x + w, y + h, x, y + h],
    [x, y + h, x, y],
  ];
  for (const [x1, y1, x2, y2] of edges) {
    const len = Math.hypot(x2 - x1, y2 - y1);
    const n = Math.max(1, Math.floor(len / (dash * 2)));
    for (let i = 0; i < n; i++) {
      const a = (i * 2 * dash) / len;
      const b = Math.min(1, ((i * 2 + 1) * dash) / len);
      g.moveTo(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a).lineTo(x1 + (x2 - x1) * b, y1 + (y2 - y1) * b);
    }
  }
  g.stroke(style);
}

/** A tick in a circle: "fits" / "complete", never shown by colour alone. */
export function drawTick(g: Graphics, cx: number, cy: number, r: number, color: number): void {
  g.circle(cx, cy, r)
    .fill({ color: 0xffffff })
    .stroke({ width: Math.max(1.5, r / 5), color });
  g.moveTo(cx - r * 0.5, cy)
    .lineTo(cx - r * 0.1, cy + r * 0.45)
    .lineTo(cx + r * 0.55, cy - r * 0.45)
    .stroke({ width: Math.max(1.5, r / 4), color });
}

/** A cross in a circle: "does not fit". */
export function drawCross(g: Graphics, cx: number, cy: number, r: number, color: number): void {
  g.circle(cx, cy, r)
    .fill({ color: 0xffffff })
    .stroke({ width: Math.max(1.5, r / 5), color });
  const k = r * 0.45;
  g.moveTo(cx - k, cy - k)
    .lineTo(cx + k, cy + k)
    .moveTo(cx + k, cy - k)
    .lineTo(cx - k, cy + k)
    .stroke({ width: Math.max(1.5, r / 4), color });
}
