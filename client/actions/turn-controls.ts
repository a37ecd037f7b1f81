/**
 * The state behind the acting player's controls: the orientation being tried, which pending gain
 * the grid answers for, and what a click on the planet does. Everything legal comes from
 * `legalActions`, the squares a rover reaches from `roverReach`, and why a spot is illegal from the
 * engine's own refusal of the placement: nothing here decides a rule.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clampGhost,
  flipGhost,
  ghostCells,
  moveGhostTo,
  nudgeGhost,
  rotateGhost,
  type Ghost,
} from '../table/ghost';
import { cachedOutcome, cachedTrial, type ActionTrial } from '../table/preview';
import type { CellMark, GridInteraction, PlacementTask } from '../table/interaction';
import {
  type Action,
  type CellIndex,
  cellIndex,
  cellX,
  cellY,
  type Choice,
  facingDepot,
  forbiddenRoverTerrain,
  type GameState,
  GRID,
  onGrid,
  orientationsOf,
  type PendingItem,
  type Placement,
  type PlayerBoard,
  type PlayerID,
  type Reason,
  roverReach,
  shapeById,
  tileById,
  walkBeforeChoice,
} from '../../game';
import { hasCell } from '../i18n/labels';

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
  /** The engine's answer to a step of this turn, tried on a copy: what a choice would do, for its label. */
  trial(a: Action): ActionTrial;
  /** Why the last click did nothing: the engine's refusal, or the controls' own words. */
  note: Reason | string | null;
  clearNote(): void;
}

/** The squares of the grid a tile would cover with its corner on `hover` (those off the grid left out). */
function footprintAt(
  tileId: number,
  orientation: number,
  hover: CellIndex,
  anchors: Set<CellIndex>,
): { cells: Set<CellIndex>; ok: boolean } {
  const cells = ghostCells(tileId, { orientation, x: cellX(hover), y: cellY(hover) })
    .filter(({ x, y }) => onGrid(x, y))
    .map(({ x, y }) => cellIndex(x, y));
  return { cells: new Set(cells), ok: anchors.has(hover) };
}

const resolveChoices = (actions: Action[], item: number): Choice[] =>
  actions.flatMap((a) => (a.type === 'resolve' && a.item === item ? [a.choice ?? {}] : []));

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
  const [note, setNote] = useState<Reason | string | null>(null);

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
    const tileId = task.tileId;
    // What the engine answers to this task's action at a spot (remembered per state and spot).
    const outcomeAt = (x: number, y: number) =>
      placementAction
        ? cachedOutcome(G, player, tileId, placementAction({ orientation: canonical, x, y }))
        : null;
    // Why the engine refuses a spot; a client's own words only when the view cannot tell.
    const refusalAt = (x: number, y: number): Reason | string =>
      outcomeAt(x, y)?.refusal ?? t('controls.notLegal');
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
      setNote(refusalAt(x, y));
    };
    task.ghost = {
      tileId,
      at: ghost,
      fits: ghostFits,
      reason: ghostFits ? null : refusalAt(ghost.x, ghost.y),
      anchors,
      preview: ghostFits ? (outcomeAt(ghost.x, ghost.y)?.preview ?? null) : null,
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
      preview: hover === null ? undefined : footprintAt(tileId, orientation, hover, anchors),
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
      // The engine's reach, as cells; the move action and the views take [x, y] steps.
      const reach = roverReach(board, rover.id, draft.movement, forbiddenRoverTerrain(draft.rules));
      const paths = new Map(
        [...reach].map(
          ([c, cells]) => [c, cells.map((s): [number, number] => [cellX(s), cellY(s)])] as const,
        ),
      );
      // A previewed square belongs to one rover, square and movement pool; any move forgets it.
      const reachKey = `${rover.id}:${rover.cell}:${draft.movement}`;
      const target =
        roverTarget?.key === reachKey && roverTarget.cell !== null && paths.has(roverTarget.cell)
          ? roverTarget.cell
          : null;
      const moveTo = (cell: CellIndex) => {
        const path = paths.get(cell);
        // A walk stops where the rover has a choice on the way (Horizon tech 4 passing water).
        if (path)
          send({
            type: 'moveRover',
            rover: rover.id,
            path: path.slice(0, walkBeforeChoice(draft, rover.id, path)),
          });
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
    trial: (a) => cachedTrial(G, player, a),
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
