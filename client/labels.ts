/** Words, letters and colours the client shows for the engine's values. Colour is never the only cue. */
import type { Choice, PendingItem, PlayerID, Terrain, Track } from '../game/core/types';
import { SHAPES, civCardById, objectiveById, tileById } from '../game/data';
import { describeItem } from '../game/rules/turn';

export const TERRAIN_LETTER: Record<Terrain, string> = {
  civ: 'C',
  water: 'W',
  biomass: 'B',
  rover: 'R',
  tech: 'T',
  energy: 'E',
};

export const TERRAIN_COLOR: Record<Terrain, string> = {
  civ: '#e0a24a',
  water: '#6aa8e0',
  biomass: '#78c272',
  rover: '#c08a62',
  tech: '#b195e0',
  energy: '#f0dc5a',
};

export const TRACK_NAME: Record<Track, string> = {
  civ: 'Civilisation',
  water: 'Water',
  biomass: 'Biomass',
  rover: 'Rover',
  tech: 'Tech',
};

/** Seats are "Player 1" … "Player 6" unless the lobby gave a name. */
export function playerName(id: PlayerID, names?: Record<string, string | undefined>): string {
  return names?.[id] || `Player ${Number(id) + 1}`;
}

export function shapeName(shapeId: number): string {
  const s = SHAPES[shapeId];
  return s ? `${s.name} (${s.polyomino})` : `shape ${shapeId}`;
}

/** "tile #12: civ + water, N (N-pentomino), meteorite" */
export function tileLabel(tileId: number): string {
  const t = tileById(tileId);
  return `tile #${t.id}: ${t.terrains.join(' + ')}, ${shapeName(t.shape)}${t.meteor ? ', meteorite' : ''}`;
}

export const pendingLabel = (item: PendingItem): string => describeItem(item);

export function civCardLabel(id: number): string {
  const c = civCardById(id);
  return `${c.name} (rank ${c.rank}, ${c.timing === 'immediate' ? 'immediate' : 'end of game'})`;
}

/** The text of a resolve button for a choice without a square. */
export function choiceLabel(item: PendingItem, choice: Choice): string {
  if (choice.done)
    return item.kind === 'collect'
      ? 'Finish collecting'
      : item.kind === 'eventMeteorite'
        ? 'Skip the meteorite (tech 5)'
        : 'Finish destroying';
  if (choice.option) return choice.option === 'boost' ? 'Take a synergy boost' : 'Look at the next event';
  if (choice.card !== undefined) return `Discard ${objectiveById(choice.card).private.name}`;
  if (choice.rover !== undefined && item.kind === 'destroyPiece') return `Lose rover ${choice.rover + 1}`;
  if (choice.stack && item.kind === 'removeStack') return `Remove the ${choice.stack} stack from the station`;
  if (choice.track && item.kind === 'regress') return `Move ${TRACK_NAME[choice.track]} down ${item.steps}`;
  if (choice.store) return 'Store the patch for later';
  if (choice.line) return `Clear ${choice.line} ${choice.index} of meteorites`;
  if (choice.track) return `Advance ${TRACK_NAME[choice.track]}`;
  if (item.kind === 'advance') return `Advance ${TRACK_NAME[item.track]} +${item.steps}`;
  if (choice.x !== undefined && choice.y !== undefined) return `Square (${choice.x}, ${choice.y})`;
  return 'Resolve';
}

export const hasCell = (choice: Choice): boolean => choice.x !== undefined && choice.y !== undefined;
