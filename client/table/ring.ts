/**
 * Where the controls around a pinned ghost go: pure geometry, in the displayed planet's pixels.
 * Each control has its own place around the ghost's bounding box (rotations and flip at the
 * corners, nudges beside the sides, ✓ at the bottom right). Near an edge of the planet's area, a
 * column or row of controls that would leave it moves to the other side, beyond its opposite; a
 * place still unusable (a ghost too large for its area) is traded for the nearest free one. No
 * control leaves the area or touches another; none covers a ghost's square unless nothing else fits.
 */

export type RingControl = 'rotateCCW' | 'up' | 'rotateCW' | 'left' | 'right' | 'flip' | 'down' | 'place';

export interface RingInput {
  /** The ghost's squares, in grid coordinates. */
  cells: readonly { x: number; y: number }[];
  /** Displayed size of a square, and of the margin before column and row 0. */
  cell: number;
  pad: number;
  /** The planet's displayed area: controls stay inside it. */
  width: number;
  height: number;
  /** Side of a control (square), and the space kept between controls and around the ghost. */
  button: number;
  gap: number;
  /**
   * Space kept clear around the ghost's box where possible (default `gap`): a square's width on a
   * phone, whose large controls would otherwise hide the squares the tile is placed beside.
   */
  clear?: number;
}

export interface RingSpot {
  control: RingControl;
  left: number;
  top: number;
}

/** The order controls choose their places in: the most used first. */
export const RING_CONTROLS: readonly RingControl[] = [
  'place',
  'rotateCW',
  'rotateCCW',
  'flip',
  'up',
  'down',
  'left',
  'right',
];

/** Each control's preferred column and row around the ghost: -1 before it, 0 beside its middle, 1 after. */
const PREFERRED: Record<RingControl, [-1 | 0 | 1, -1 | 0 | 1]> = {
  rotateCCW: [-1, -1],
  up: [0, -1],
  rotateCW: [1, -1],
  left: [-1, 0],
  right: [1, 0],
  flip: [-1, 1],
  down: [0, 1],
  place: [1, 1],
};

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box, margin: number): boolean =>
  a.left < b.right + margin &&
  b.left < a.right + margin &&
  a.top < b.bottom + margin &&
  b.top < a.bottom + margin;

/** Where each control goes, in `RING_CONTROLS` order; empty for a ghost without squares. */
export function ringLayout(input: RingInput): RingSpot[] {
  const { cells, cell, pad, width, height, button: b, gap } = input;
  const clear = Math.max(gap, input.clear ?? gap);
  if (cells.length === 0) return [];
  const squares: Box[] = cells.map(({ x, y }) => ({
    left: pad + x * cell,
    top: pad + y * cell,
    right: pad + (x + 1) * cell,
    bottom: pad + (y + 1) * cell,
  }));
  const box: Box = {
    left: Math.min(...squares.map((s) => s.left)),
    top: Math.min(...squares.map((s) => s.top)),
    right: Math.max(...squares.map((s) => s.right)),
    bottom: Math.max(...squares.map((s) => s.bottom)),
  };
  const cx = (box.left + box.right) / 2;
  const cy = (box.top + box.bottom) / 2;
  const step = b + gap;
  // The three columns and rows around the box, far enough apart for controls larger than the box.
  const columns = [
    Math.min(box.left - clear - b, cx - b / 2 - step),
    cx - b / 2,
    Math.max(box.right + clear, cx - b / 2 + step),
  ];
  const rows = [
    Math.min(box.top - clear - b, cy - b / 2 - step),
    cy - b / 2,
    Math.max(box.bottom + clear, cy - b / 2 + step),
  ];

  // Every other place a control may take: a lattice through the preferred ones, and the area's edges.
  const lattice = (first: number, last: number, limit: number) => {
    const values = new Set<number>([0, limit - b]);
    for (let v = first; v >= 0; v -= step) values.add(v);
    for (let v = last; v <= limit - b; v += step) values.add(v);
    for (let v = first + step; v < last; v += step) values.add(v);
    return [...values].filter((v) => v >= 0 && v <= limit - b);
  };
  const xs = lattice(columns[0] as number, columns[2] as number, width);
  const ys = lattice(rows[0] as number, rows[2] as number, height);

  // A column (or row) of controls that would leave the area goes beyond the opposite one instead,
  // and the two keep their order (↑ above ↓, ← left of →) by the column (row) left in place moving
  // out one step: the controls keep reading as a cross.
  const arrange = (places: number[], limit: number): (number | null)[] => {
    const [before, middle, after] = places as [number, number, number];
    const fits = (v: number) => v >= 0 && v + b <= limit;
    const centre = Math.max(0, Math.min(limit - b, middle));
    if (!fits(before) && fits(after) && fits(after + step)) return [after, centre, after + step];
    if (!fits(after) && fits(before) && fits(before - step)) return [before - step, centre, before];
    return [fits(before) ? before : null, centre, fits(after) ? after : null];
  };
  const columnPlaces = arrange(columns, width);
  const rowPlaces = arrange(rows, height);

  const placed: Box[] = [];
  const spots: RingSpot[] = [];
  const inside = (p: Box) => p.left >= 0 && p.top >= 0 && p.right <= width && p.bottom <= height;
  // `around`: the space kept from the ghost's squares, or null where a control may cover them.
  const free = (p: Box, around: number | null) =>
    inside(p) &&
    placed.every((q) => !overlaps(p, q, gap)) &&
    (around === null || squares.every((s) => !overlaps(p, s, around)));
  const at = (left: number, top: number): Box => ({ left, top, right: left + b, bottom: top + b });

  for (const control of RING_CONTROLS) {
    const [i, j] = PREFERRED[control];
    const want = at(columns[i + 1] as number, rows[j + 1] as number);
    const left = columnPlaces[i + 1] ?? null;
    const top = rowPlaces[j + 1] ?? null;
    const own = left !== null && top !== null ? at(left, top) : null;
    let chosen: Box | null = own && free(own, clear > gap ? clear - 1 : 0) ? own : null;
    // The nearest free place clear of the ghost; failing that, off it; failing that (a crowded
    // corner), the nearest free one at all.
    for (const around of clear > gap ? [clear - 1, 0, null] : [0, null]) {
      if (chosen) break;
      let best = Infinity;
      for (const x of xs)
        for (const y of ys) {
          const p = at(x, y);
          const d = Math.hypot(x - want.left, y - want.top);
          if (d < best && free(p, around)) {
            best = d;
            chosen = p;
          }
        }
    }
    // An area too small for eight controls: keep the preferred place, pulled inside the area.
    chosen ??= at(Math.max(0, Math.min(width - b, want.left)), Math.max(0, Math.min(height - b, want.top)));
    placed.push(chosen);
    spots.push({ control, left: chosen.left, top: chosen.top });
  }
  return spots;
}
