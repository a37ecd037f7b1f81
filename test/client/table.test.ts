/**
 * The table's logic without a canvas: the ghost (rotate, flip, nudge, clamping to the grid, keys),
 * the mapping from station gestures to legal rotate actions, and the placement preview diff.
 */
import { describe, expect, it } from 'vitest';
import { GRID, type Action, type GameState } from '../../game/core/types';
import { orientationsOf } from '../../game/core/geometry';
import { shapeById, tileById, TILES } from '../../game/data';
import { applyAction, legalActions } from '../../game/engine';
import { initialGameState } from '../../game/match';
import { facingDepot } from '../../game/rules/depot';
import {
  clampGhost,
  flipGhost,
  flipOrientation,
  ghostCells,
  ghostKeyCommand,
  ghostSize,
  moveGhostTo,
  nudgeGhost,
  rotateCCW,
  rotateCW,
  rotateGhost,
} from '../../client/table/ghost';
import {
  dragDegrees,
  requestedRotation,
  rotationFor,
  shortestTurn,
} from '../../client/table/station-geometry';
import { previewPlacement } from '../../client/table/preview';
import { cellAt, planetLayout } from '../../client/table/planet-layout';

// A long tile (an I-shape if there is one) makes clamping visible.
const longest = [...TILES].sort((a, b) => b.cells.length - a.cells.length)[0] as (typeof TILES)[number];

describe('ghost', () => {
  it('rotates in quarter turns both ways, keeping the flip', () => {
    for (let o = 0; o < 8; o++) {
      expect(rotateCCW(rotateCW(o))).toBe(o);
      expect(rotateCW(o) >= 4).toBe(o >= 4);
      expect(flipOrientation(flipOrientation(o))).toBe(o);
    }
    let o = 0;
    for (let i = 0; i < 4; i++) o = rotateCW(o);
    expect(o).toBe(0);
  });

  it('matches the engine: rotating the drawing a quarter clockwise is orientation + 1', () => {
    const shape = shapeById(longest.shape);
    const [base, turned] = [orientationsOf(shape)[0], orientationsOf(shape)[1]];
    expect(turned?.width).toBe(base?.height);
    expect(ghostSize(longest.id, 1)).toEqual({ width: turned?.width, height: turned?.height });
  });

  it('never leaves the grid: nudges, moves and rotations are clamped', () => {
    const { width, height } = ghostSize(longest.id, 0);
    let g = { orientation: 0, x: 0, y: 0 };
    g = nudgeGhost(longest.id, g, -1, -1);
    expect(g).toMatchObject({ x: 0, y: 0 });
    g = moveGhostTo(longest.id, g, 11, 11);
    expect(g).toMatchObject({ x: GRID - width, y: GRID - height });
    g = nudgeGhost(longest.id, g, 5, 5);
    expect(g).toMatchObject({ x: GRID - width, y: GRID - height });
    // Rotating at the edge swaps width and height and pulls the ghost back inside.
    const r = rotateGhost(longest.id, g, 1);
    const size = ghostSize(longest.id, r.orientation);
    expect(r.x + size.width).toBeLessThanOrEqual(GRID);
    expect(r.y + size.height).toBeLessThanOrEqual(GRID);
    for (const { x, y } of ghostCells(longest.id, r)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThan(GRID);
    }
    expect(flipGhost(longest.id, r).orientation).toBe(flipOrientation(r.orientation));
    expect(clampGhost(longest.id, { orientation: 9, x: -3, y: 40 }).orientation).toBe(1);
  });

  it('maps keys to commands', () => {
    expect(ghostKeyCommand('r')).toEqual({ kind: 'rotate', direction: 1 });
    expect(ghostKeyCommand('R', true)).toEqual({ kind: 'rotate', direction: -1 });
    expect(ghostKeyCommand('f')).toEqual({ kind: 'flip' });
    expect(ghostKeyCommand('ArrowLeft')).toEqual({ kind: 'nudge', dx: -1, dy: 0 });
    expect(ghostKeyCommand('ArrowDown')).toEqual({ kind: 'nudge', dx: 0, dy: 1 });
    expect(ghostKeyCommand('Enter')).toEqual({ kind: 'confirm' });
    expect(ghostKeyCommand('x')).toBeNull();
  });
});

describe('station gestures', () => {
  const all: Action[] = [0, 1, 2, 3, 4, 5].map((rotation) => ({ type: 'rotate', rotation }));

  it('steps, drags and depot clicks ask for the right rotation', () => {
    expect(requestedRotation({ kind: 'step', direction: 1, from: 5 })).toBe(0);
    expect(requestedRotation({ kind: 'step', direction: -1, from: 0 })).toBe(5);
    expect(requestedRotation({ kind: 'drag', degrees: 70, from: 2 })).toBe(3);
    expect(requestedRotation({ kind: 'drag', degrees: -125, from: 1 })).toBe(5);
    expect(requestedRotation({ kind: 'drag', degrees: 20, from: 4 })).toBe(4);
    // Clicking depot d asks for the rotation at which the player faces d, whatever the seating.
    for (let shift = 0; shift < 6; shift++) {
      const faces = (rotation: number) => (rotation + shift) % 6;
      for (let depot = 0; depot < 6; depot++)
        expect(faces(requestedRotation({ kind: 'faceDepot', depot, faces }))).toBe(depot);
    }
  });

  it('agrees with the engine on which depot the commander then faces', () => {
    const G = initialGameState(3, 'table-station');
    const commander = G.commander;
    const faces = (rotation: number) => facingDepot({ ...G, station: { ...G.station, rotation } }, commander);
    for (let depot = 0; depot < 6; depot++) {
      const outcome = rotationFor({ kind: 'faceDepot', depot, faces }, legalActions(G, commander));
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) continue;
      const turned: GameState = { ...G, station: { ...G.station, rotation: outcome.action.rotation } };
      expect(facingDepot(turned, commander)).toBe(depot);
    }
  });

  it('only maps to legal actions and says why not', () => {
    expect(rotationFor({ kind: 'step', direction: 1, from: 0 }, all)).toEqual({
      ok: true,
      action: { type: 'rotate', rotation: 1 },
    });
    expect(rotationFor({ kind: 'step', direction: 1, from: 0 }, [])).toMatchObject({
      ok: false,
      reason: 'notCommander',
    });
    expect(rotationFor({ kind: 'drag', degrees: 60, from: 0 }, [all[3] as Action])).toMatchObject({
      ok: false,
      reason: 'notAllowed',
      rotation: 1,
    });
  });

  it('measures drags the short way round and animates the short way', () => {
    expect(dragDegrees(0, Math.PI / 3)).toBeCloseTo(60);
    expect(dragDegrees(Math.PI - 0.1, -Math.PI + 0.1)).toBeCloseTo((0.2 * 180) / Math.PI);
    expect(shortestTurn(0, 5)).toBe(-1);
    expect(shortestTurn(5, 1)).toBe(2);
  });
});

describe('planet layout', () => {
  it('maps canvas points to squares', () => {
    const layout = planetLayout(30);
    expect(cellAt(layout, layout.pad + 1, layout.pad + 1)).toEqual({ x: 0, y: 0 });
    expect(cellAt(layout, layout.pad + 30 * 4 + 5, layout.pad + 30 * 6 + 5)).toEqual({ x: 4, y: 6 });
    expect(cellAt(layout, 1, 1)).toBeNull();
  });
});

describe('placement preview', () => {
  /** A 2-player game where player 0 has taken a tile. */
  function taken(seed: string) {
    const G = initialGameState(2, seed);
    const take = legalActions(G, '0').find((a) => a.type === 'takeTile');
    if (!take) throw new Error('no take');
    expect(applyAction(G, '0', take)).toBeNull();
    return G;
  }

  it('diffs the engine’s result without changing the state', () => {
    const G = taken('preview-a');
    const before = JSON.stringify(G);
    const place = legalActions(G, '0').find((a) => a.type === 'placeTile');
    if (!place || place.type !== 'placeTile') throw new Error('no placement');
    const tileId = G.private['0']?.turn?.draft.taken?.tileId as number;
    const preview = previewPlacement(G, '0', tileId, place);
    expect(JSON.stringify(G)).toBe(before);
    expect(preview).not.toBeNull();
    // What the preview predicts is what the engine then does.
    expect(applyAction(G, '0', place)).toBeNull();
    const pending = G.private['0']?.turn?.draft.pending ?? [];
    const advances = pending.flatMap((i) =>
      i.kind === 'advance' ? [{ track: i.track, steps: i.steps }] : [],
    );
    expect(preview?.advances).toEqual(advances);
    expect(preview?.energy.length).toBe(pending.filter((i) => i.kind === 'energy').length);
    const tile = tileById(tileId);
    expect(preview?.meteoriteLands).toBe(tile.meteor);
    if (tile.cells.some((c) => c.terrain === 'water' && c.resource))
      expect(preview?.waterOnIce).toBe(advances.some((a) => a.track === 'water'));
    else expect(preview?.waterOnIce).toBeNull();
  });

  it('finds lifepods destroyed and gives no preview for an illegal spot', () => {
    const G = taken('preview-b');
    const tileId = G.private['0']?.turn?.draft.taken?.tileId as number;
    const board = G.private['0']?.turn?.draft.board as GameState['boards'][string];
    const places = legalActions(G, '0').flatMap((a) => (a.type === 'placeTile' ? [a] : []));
    const onPod = places.find((p) => {
      const cells = orientationsOf(shapeById(tileById(tileId).shape))[p.orientation]?.cells ?? [];
      return cells.some(([dx, dy]) => board.lifepods.includes((p.y + dy) * GRID + p.x + dx));
    });
    if (onPod) expect(previewPlacement(G, '0', tileId, onPod)?.lifepodsDestroyed).toBeGreaterThan(0);
    expect(previewPlacement(G, '0', tileId, { type: 'placeTile', orientation: 0, x: 0, y: 0 })).toBeNull();
  });
});
