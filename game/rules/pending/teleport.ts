/**
 * Teleporting a rover on the planet to another square (civ card), even one where a rover stands
 * (R9), never onto a terrain the round's event forbids. The list is rovers × squares, so asking
 * about one choice uses the list's own predicate instead of building it.
 */
import { boardRules } from '../board-rules';
import type { CellIndex, ChoiceOf, Draft, PlayerBoard, RoverState, Terrain } from '../../core/types';
import { message, refuse } from '../../core/messages';
import { present } from '../../core/present';
import { cellX, cellY, roverById } from '../board';
import { removeItem } from '../draft';
import { forbiddenRoverTerrain, planetRoverRefusal } from '../rover-steps';
import { roverEnters, roverMoved } from '../pieces';
import { cellOf, hasOnlyKeys, squareOf, type GainKind } from './kind';

const squaresOf = (b: PlayerBoard) => boardRules(b).geometry.squares;

/** The list's predicate: a rover on the planet may land on this square (the planet may forbid some, §8.1). */
const mayLand = (b: PlayerBoard, forbidden: Terrain | null, rover: RoverState, c: CellIndex): boolean =>
  c !== rover.cell &&
  (forbidden === null || b.terrain[c] !== forbidden) &&
  planetRoverRefusal(b, null, c) === null;

const roverOnPlanet = (d: Draft, id: number | undefined) =>
  d.board.rovers.find((r) => r.id === id && r.cell !== null);

export const teleportGain: GainKind<'teleport'> = {
  choices(_env, d) {
    const b = d.board;
    const forbidden = forbiddenRoverTerrain(d.rules);
    const out: ChoiceOf<'teleport'>[] = [];
    for (const r of b.rovers) {
      if (r.cell === null) continue;
      for (const c of squaresOf(b))
        if (mayLand(b, forbidden, r, c)) out.push({ rover: r.id, x: cellX(c), y: cellY(c) });
    }
    return out;
  },
  listed(_env, d, _item, choice) {
    const rover = roverOnPlanet(d, choice.rover);
    if (!rover || !hasOnlyKeys(choice, ['rover', 'x', 'y'])) return undefined;
    const forbidden = forbiddenRoverTerrain(d.rules);
    const { x, y } = choice;
    const lands = squaresOf(d.board).some(
      (c) => cellX(c) === x && cellY(c) === y && mayLand(d.board, forbidden, rover, c),
    );
    return lands ? { rover: rover.id, x, y } : undefined;
  },
  hasChoices(_env, d) {
    const forbidden = forbiddenRoverTerrain(d.rules);
    return d.board.rovers.some(
      (r) => r.cell !== null && squaresOf(d.board).some((c) => mayLand(d.board, forbidden, r, c)),
    );
  },
  apply(_env, d, item, choice) {
    removeItem(d, item.id);
    // Listed only for a rover on the planet.
    const rover = roverById(d.board, choice.rover);
    const from = present(rover.cell, 'square of the teleported rover');
    const to = cellOf(choice);
    rover.cell = to;
    roverMoved(d, rover.id, from, to);
    roverEnters(d, rover.id, to);
  },
  label: () => message('pending.teleport'),
  refusal(_env, d, _item, choice) {
    const rover = roverOnPlanet(d, choice.rover);
    if (!rover) return refuse('reason.chooseRover');
    const at = squareOf(choice);
    if (at === null || !squaresOf(d.board).includes(at)) return refuse('reason.roverLandPlanet');
    if (rover.cell === at) return refuse('reason.roverAlreadyThere');
    const forbidden = forbiddenRoverTerrain(d.rules);
    if (forbidden !== null && d.board.terrain[at] === forbidden)
      return refuse('reason.eventNoRovers', { terrain: forbidden });
    return planetRoverRefusal(d.board, null, at) ?? refuse('reason.notAChoice');
  },
};
