/**
 * The state behind the acting player's controls: the orientation being tried, which pending gain
 * the grid answers for, and what a click on the planet does. Everything legal comes from
 * `legalActions`; `tilePlacementError` explains an illegal spot before anything is sent.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampGhost, flipGhost, moveGhostTo, nudgeGhost, rotateGhost, type Ghost } from '../table/ghost';
import { cachedPreview, type PlacementPreview } from '../table/preview';
import type {
  Action,
  CellIndex,
  Choice,
  GameState,
  PendingItem,
  PlayerBoard,
  PlayerID,
} from '../../game/core/types';
import { GRID } from '../../game/core/types';
import { orientationsOf } from '../../game/core/geometry';
import { shapeById, tileById } from '../../game/data';
import {
  placementContext,
  roverSteps,
  forbiddenRoverTerrain,
  tilePlacementError,
  tileRestrictions,
  type Placement,
} from '../../game/rules/legality';
import { activeTileRules, facingDepot } from '../../game/rules/turn';
import type { CellMark, GridInteraction } from '../PlanetGrid';
import { hasCell } from '../labels';
import { translateReason } from '../reasons';

/** A tile being placed: the round's tile, or one a civ card lets you take from the depot. */
export interface PlacementTask {
  tileId: number;
  /** Legal placements in canonical orientations, as the engine lists them. */
  placements: Placement[];
  place(p: Placement): void;
  /** What the placement is for, in the player's language (the picker's legend). */
  purpose: string;
  /** The ghost tile the canvas and the keyboard move; absent only for a task built elsewhere. */
  ghost?: GhostControls;
}

/** The ghost of the tile being placed, with what it would do where it stands. */
export interface GhostControls {
  tileId: number;
  at: Ghost;
  /** The spot is legal for the current orientation. */
  fits: boolean;
  /** Why the spot is not legal (from the engine), null when it fits. */
  reason: string | null;
  /** Legal top-left corners for the current orientation, as cell indices. */
  anchors: Set<CellIndex>;
  /** What the placement would do; null when it does not fit or cannot be previewed. */
  preview: PlacementPreview | null;
  rotate(direction: 1 | -1): void;
  flip(): void;
  nudge(dx: number, dy: number): void;
  moveTo(x: number, y: number): void;
  /** Place the tile where the ghost stands if legal, else explain why not. */
  confirm(): void;
}

/** Rover moves shown on the planet: reachable squares and the path to each. */
export interface RoverReach {
  rover: number;
  from: CellIndex;
  /** Each reachable square with the steps leading there, shortest first. */
  paths: Map<CellIndex, [number, number][]>;
  move(cell: CellIndex): void;
  /**
   * The square whose path is shown before moving there, without a mouse hovering: a touch's first
   * tap, or the keyboard focus on a reachable square. Null when none.
   */
  target: CellIndex | null;
  /** Show the path to a reachable square (null hides it). */
  preview(cell: CellIndex | null): void;
  /** The rovers that can move now, and choosing which one the planet moves. */
  rovers: number[];
  choose(rover: number): void;
}

export interface TurnControls {
  board: PlayerBoard;
  placement: PlacementTask | null;
  orientation: number;
  setOrientation(o: number): void;
  /** Orientations (0–7) with at least one legal spot. */
  orientationsWithSpots: number[];
  gridItem: PendingItem | null;
  selectGridItem(id: number): void;
  extraStack: 'small' | 'large' | null;
  setExtraStack(s: 'small' | 'large'): void;
  teleportRover: number | null;
  setTeleportRover(r: number): void;
  interaction: GridInteraction | null;
  note: string | null;
  clearNote(): void;
}

/** Squares a rover reaches within the movement pool, with a shortest path to each (§5.10.3). */
export function roverReach(
  board: PlayerBoard,
  from: CellIndex,
  movement: number,
  forbidden: Parameters<typeof roverSteps>[2] = null,
): Map<CellIndex, [number, number][]> {
  const paths = new Map<CellIndex, [number, number][]>();
  let frontier: CellIndex[] = [from];
  const seen = new Set<CellIndex>([from]);
  for (let step = 0; step < movement && frontier.length; step++) {
    const next: CellIndex[] = [];
    for (const c of frontier) {
      for (const n of roverSteps(board, c, forbidden)) {
        if (seen.has(n)) continue;
        seen.add(n);
        paths.set(n, [...(paths.get(c) ?? []), [n % GRID, Math.floor(n / GRID)]]);
        next.push(n);
      }
    }
    frontier = next;
  }
  return paths;
}

const resolveChoices = (actions: Action[], item: number): Choice[] =>
  actions.flatMap((a) => (a.type === 'resolve' && a.item === item ? [a.choice ?? {}] : []));

/** Footprint of a shape at an anchor, dropping squares off the 12×12 grid. */
function footprint(shape: number, o: number, x: number, y: number): CellIndex[] {
  const orient = orientationsOf(shapeById(shape))[o];
  if (!orient) return [];
  return orient.cells
    .map(([dx, dy]) => [x + dx, y + dy] as const)
    .filter(([cx, cy]) => cx < GRID && cy < GRID)
    .map(([cx, cy]) => cy * GRID + cx);
}

export function useTurnControls(
  G: GameState,
  player: PlayerID,
  actions: Action[],
  send: (a: Action) => void,
): TurnControls {
  const { t } = useTranslation('table');
  // The orientation tried for one placement task; a new task starts at its first orientation with a spot.
  const [chosen, setChosen] = useState<{ task: string; orientation: number } | null>(null);
  const [ghostAt, setGhostAt] = useState<{ task: string; x: number; y: number } | null>(null);
  const [activeItem, setActiveItem] = useState<number | null>(null);
  const [extraStack, setExtraStack] = useState<'small' | 'large' | null>(null);
  const [teleportRover, setTeleportRover] = useState<number | null>(null);
  const [hover, setHover] = useState<CellIndex | null>(null);
  const [roverChoice, setRoverChoice] = useState<number | null>(null);
  const [roverTarget, setRoverTarget] = useState<{ key: string; cell: CellIndex | null } | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const draft = G.private[player]?.turn?.draft ?? null;
  const board = draft?.board ?? (G.boards[player] as PlayerBoard);
  const pending = draft?.pending ?? [];

  // Pending gains that are answered by clicking the planet.
  const gridItems = pending.filter((item) => resolveChoices(actions, item.id).some(hasCell));
  const gridItem = gridItems.find((i) => i.id === activeItem) ?? gridItems[0] ?? null;

  let placement: PlacementTask | null = null;
  // Which kind of placement (not its translated purpose): the ghost survives a language switch.
  let placementKind = '';
  // The action a placement sends, so the preview applies exactly that to a copy of the state.
  let placementAction: ((p: Placement) => Action) | null = null;
  const placeActions = actions.flatMap((a) => (a.type === 'placeTile' ? [a] : []));
  if (placeActions.length && draft?.taken) {
    placementAction = (p) => ({ type: 'placeTile', ...p });
    placement = {
      tileId: draft.taken.tileId,
      placements: placeActions.map(({ orientation: o, x, y }) => ({ orientation: o, x, y })),
      place: (p) => send({ type: 'placeTile', ...p }),
      purpose: t('controls.placeTaken'),
    };
    placementKind = 'taken';
  } else if (gridItem?.kind === 'extraTile') {
    const choices = resolveChoices(actions, gridItem.id);
    const stacks = [...new Set(choices.map((c) => c.stack))].filter((s) => s !== undefined);
    const stack = extraStack && stacks.includes(extraStack) ? extraStack : stacks[0];
    const top = stack ? G.station.depots[facingDepot(G, player)]?.[stack].top : null;
    if (stack && top !== null && top !== undefined) {
      const item = gridItem.id;
      placementAction = (p) => ({ type: 'resolve', item, choice: { stack, ...p } });
      placement = {
        tileId: top,
        placements: choices
          .filter((c) => c.stack === stack)
          .map((c) => ({ orientation: c.orientation ?? 0, x: c.x ?? 0, y: c.y ?? 0 })),
        place: (p) => send({ type: 'resolve', item: gridItem.id, choice: { stack, ...p } }),
        purpose: t('controls.placeDepotTile', { stack: t(`take.${stack}`) }),
      };
      placementKind = `depot-${stack}`;
    }
  }

  let interaction: GridInteraction | null = null;
  let orientationsWithSpots: number[] = [];
  let orientation = 0;
  let taskKey = '';
  if (placement) {
    const task = placement;
    const shape = tileById(task.tileId).shape;
    const orients = orientationsOf(shapeById(shape));
    orientationsWithSpots = orients
      .filter((o) => task.placements.some((p) => p.orientation === o.canonical))
      .map((o) => o.index);
    taskKey = `${placementKind}:${task.tileId}:${board.pieces.length}`;
    orientation = chosen?.task === taskKey ? chosen.orientation : (orientationsWithSpots[0] ?? 0);
    const canonical = orients[orientation]?.canonical ?? orientation;
    const anchors = new Set(
      task.placements.filter((p) => p.orientation === canonical).map((p) => p.y * GRID + p.x),
    );
    // The round's event restrictions count too: the same rules the engine applies (R10 included).
    const explain = (p: Placement): string | null => {
      const current = G.private[player]?.turn?.draft;
      const rules = !current
        ? []
        : gridItem?.kind === 'extraTile'
          ? tileRestrictions(current.rules)
          : activeTileRules(current);
      const why = tilePlacementError(placementContext(board), task.tileId, p, rules);
      return why === null ? null : translateReason(why, t);
    };
    const firstAnchor = [...anchors].sort((a, b) => a - b)[0];
    const ghost = clampGhost(task.tileId, {
      orientation,
      x: ghostAt?.task === taskKey ? ghostAt.x : firstAnchor !== undefined ? firstAnchor % GRID : 0,
      y:
        ghostAt?.task === taskKey
          ? ghostAt.y
          : firstAnchor !== undefined
            ? Math.floor(firstAnchor / GRID)
            : 0,
    });
    const ghostFits = anchors.has(ghost.y * GRID + ghost.x);
    const setGhost = (g: Ghost) => {
      setChosen({ task: taskKey, orientation: g.orientation });
      setGhostAt({ task: taskKey, x: g.x, y: g.y });
      setNote(null);
    };
    const placeAt = (x: number, y: number) => {
      if (anchors.has(y * GRID + x)) {
        setNote(null);
        task.place({ orientation: canonical, x, y });
        return;
      }
      setNote(explain({ orientation, x, y }) ?? t('controls.notLegal'));
    };
    const tileId = task.tileId;
    const ghostAction =
      ghostFits && placementAction
        ? placementAction({ orientation: canonical, x: ghost.x, y: ghost.y })
        : null;
    task.ghost = {
      tileId,
      at: ghost,
      fits: ghostFits,
      reason: ghostFits ? null : (explain(ghost) ?? t('controls.notLegal')),
      anchors,
      preview: ghostAction ? cachedPreview(G, player, tileId, ghostAction) : null,
      rotate: (direction) => setGhost(rotateGhost(tileId, ghost, direction)),
      flip: () => setGhost(flipGhost(tileId, ghost)),
      nudge: (dx, dy) => setGhost(nudgeGhost(tileId, ghost, dx, dy)),
      moveTo: (x, y) => setGhost(moveGhostTo(tileId, ghost, x, y)),
      confirm: () => placeAt(ghost.x, ghost.y),
    };
    const marks = new Map<CellIndex, CellMark>();
    for (const c of anchors)
      marks.set(c, {
        label: t('controls.placeHere'),
        legal: true,
        action: 'place',
      });
    interaction = {
      marks,
      allClickable: true,
      onCell: (x, y) => {
        setGhostAt({ task: taskKey, x, y });
        placeAt(x, y);
      },
      onHover: setHover,
      preview:
        hover === null
          ? undefined
          : {
              cells: new Set(footprint(shape, orientation, hover % GRID, Math.floor(hover / GRID))),
              ok: anchors.has(hover),
            },
      ghost: task.ghost,
    };
  } else if (gridItem && gridItem.kind !== 'extraTile') {
    const item = gridItem;
    let choices = resolveChoices(actions, item.id).filter(hasCell);
    if (item.kind === 'teleport') {
      const rovers = [...new Set(choices.map((c) => c.rover))];
      const rover = teleportRover !== null && rovers.includes(teleportRover) ? teleportRover : rovers[0];
      choices = choices.filter((c) => c.rover === rover);
    }
    const byCell = new Map(choices.map((c) => [(c.y as number) * GRID + (c.x as number), c]));
    const marks = new Map<CellIndex, CellMark>();
    for (const [c, choice] of byCell)
      marks.set(c, {
        label: t('controls.chooseSquare', { x: choice.x, y: choice.y }),
        legal: true,
        action: 'resolve',
      });
    interaction = {
      marks,
      onCell: (x, y) => {
        const choice = byCell.get(y * GRID + x);
        if (choice) send({ type: 'resolve', item: item.id, choice });
      },
    };
  }

  if (!interaction && draft && draft.movement > 0) {
    const movers = [...new Set(actions.flatMap((a) => (a.type === 'moveRover' ? [a.rover] : [])))];
    const roverId = roverChoice !== null && movers.includes(roverChoice) ? roverChoice : movers[0];
    const rover = board.rovers.find((r) => r.id === roverId);
    if (rover && rover.cell !== null) {
      const paths = roverReach(board, rover.cell, draft.movement, forbiddenRoverTerrain(draft.rules));
      // A previewed square belongs to one rover, square and movement pool; any move forgets it.
      const reachKey = `${rover.id}:${rover.cell}:${draft.movement}`;
      const target =
        roverTarget?.key === reachKey && roverTarget.cell !== null && paths.has(roverTarget.cell)
          ? roverTarget.cell
          : null;
      const moveTo = (cell: CellIndex) => {
        const path = paths.get(cell);
        if (path) send({ type: 'moveRover', rover: rover.id, path });
      };
      const preview = (cell: CellIndex | null) => {
        if (cell !== null && !paths.has(cell)) return;
        setRoverTarget({ key: reachKey, cell });
      };
      const marks = new Map<CellIndex, CellMark>();
      for (const [c, path] of paths)
        marks.set(c, {
          label: t('controls.roverTo', { rover: rover.id + 1, count: path.length }),
          legal: true,
          action: 'moveRover',
        });
      interaction = {
        marks,
        onCell: (x, y) => {
          const cell = y * GRID + x;
          const other = board.rovers.find((r) => r.cell === cell && movers.includes(r.id));
          if (other && other.id !== rover.id) setRoverChoice(other.id);
          else if (paths.has(cell)) moveTo(cell);
          else setNote(t('controls.roverCannotReach'));
        },
        // The grid's squares: hovering or focusing one shows its path.
        onHover: (cell) => preview(cell !== null && paths.has(cell) ? cell : null),
        rover: {
          rover: rover.id,
          from: rover.cell,
          paths,
          move: moveTo,
          target,
          preview,
          rovers: movers,
          choose: (r) => {
            if (movers.includes(r)) setRoverChoice(r);
          },
        },
      };
    }
  }

  return {
    board,
    placement,
    orientation,
    setOrientation: (o) => {
      setChosen({ task: taskKey, orientation: ((o % 8) + 8) % 8 });
      setNote(null);
    },
    orientationsWithSpots,
    gridItem,
    selectGridItem: setActiveItem,
    extraStack,
    setExtraStack,
    teleportRover,
    setTeleportRover,
    interaction,
    note,
    clearNote: () => setNote(null),
  };
}

/** What every stage's control receives: the view, the acting player, their legal actions, a sender. */
export interface ControlProps {
  G: GameState;
  player: PlayerID;
  actions: Action[];
  send(a: Action): void;
}
