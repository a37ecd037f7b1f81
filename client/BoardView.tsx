/** One player's planet and corporation: grid, trackers, rovers, collected pieces, civ cards. */
import type { PlayerBoard, PlayerID } from '../game/core/types';
import { corporationById, planetById } from '../game/data';
import { PlanetGrid, type GridInteraction } from './PlanetGrid';
import { TrackersView } from './TrackersView';
import { civCardLabel } from './labels';

interface Props {
  player: PlayerID;
  name: string;
  board: PlayerBoard;
  /** Shown after the name when the board is a turn in progress, not yet public. */
  draftNote?: string;
  interaction?: GridInteraction | null;
}

function roverText(board: PlayerBoard): string {
  return board.rovers
    .map((r) => {
      const where = r.destroyed
        ? 'destroyed'
        : r.cell === null
          ? 'in the bay'
          : `at (${r.cell % 12}, ${Math.floor(r.cell / 12)})`;
      return `rover ${r.id + 1} ${where}`;
    })
    .join('; ');
}

export function BoardView({ player, name, board, draftNote, interaction }: Props) {
  const testid = `board-${player}`;
  return (
    <section className="board" data-testid={testid} aria-label={`${name}'s planet and corporation`}>
      <h3>
        {name}
        {draftNote ? ` — ${draftNote}` : ''}
      </h3>
      <p className="small">
        Planet {planetById(board.planet).name}, corporation {corporationById(board.corporation).name}.{' '}
        {board.pieces.length} piece(s) placed.
      </p>
      <div className="board-body">
        <PlanetGrid
          board={board}
          caption={`${name}'s planet (x across, y down)`}
          testid={`planet-${player}`}
          interaction={interaction}
        />
        <div>
          <TrackersView board={board} testid={`trackers-${player}`} />
          <ul className="facts">
            <li>Lifepods collected: {board.collected.lifepods}</li>
            <li>Meteorites collected: {board.collected.meteorites}</li>
            <li>Rovers: {roverText(board)}</li>
            {board.storedPatches > 0 && <li>Stored biomass patches: {board.storedPatches}</li>}
            <li>
              Civ cards:{' '}
              {board.civCards.length === 0
                ? 'none'
                : board.civCards
                    .map((c) =>
                      c.id === null ? `hidden End Game card (rank ${c.rank})` : civCardLabel(c.id),
                    )
                    .join('; ')}
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
