/**
 * Words, letters and colours the client shows for the engine's values. Colour is never the only cue.
 * Texts come from the `turn` namespace in the current language; these helpers serve code outside
 * React (action descriptions, the bot worker) as well as components.
 */
import {
  type Choice,
  civCardById,
  type PendingItem,
  type PlayerID,
  SHAPES,
  type Terrain,
  tileById,
  type Track,
} from '../../game';
import { currentContentText } from './content-text';
import { i18next } from '.';

const tr = (key: string, values: Record<string, unknown> = {}): string => i18next.t(`turn:${key}`, values);

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

/** A track's name in the current language. */
export const trackName = (track: Track): string => tr(`track.${track}`);

/** A terrain's name in the current language. */
export const terrainName = (terrain: Terrain): string => tr(`terrain.${terrain}`);

/** Seats are "Player 1" … "Player 6" unless the lobby gave a name. */
export function playerName(id: PlayerID, names?: Record<string, string | undefined>): string {
  return names?.[id] || tr('playerName', { n: Number(id) + 1 });
}

export function shapeName(shapeId: number): string {
  const s = SHAPES[shapeId];
  return s
    ? tr('tile.shape', { name: s.name, polyomino: s.polyomino })
    : tr('tile.unknownShape', { id: shapeId });
}

/** "tile #12: civ + water, N (N-pentomino), meteorite" */
export function tileLabel(tileId: number): string {
  const t = tileById(tileId);
  const label = tr('tile.label', {
    id: t.id,
    terrains: t.terrains.map(terrainName).join(' + '),
    shape: shapeName(t.shape),
  });
  return t.meteor ? label + tr('tile.meteorite') : label;
}

/** "Temp Agency (rank 1, immediate)" */
export function civCardLabel(id: number): string {
  const c = civCardById(id);
  return tr('civ.cardLabel', {
    name: currentContentText().civName(id),
    rank: c.rank,
    timing: tr(c.timing === 'immediate' ? 'civ.now' : 'civ.endGame'),
  });
}

/** The text of a resolve button for a choice without a square. */
export function choiceLabel(item: PendingItem, choice: Choice): string {
  // Only an optional event meteorite (tech 5) can be declined; every other gain is applied if
  // possible (§3.4).
  if (choice.done) return tr('pending.choice.skipMeteorite');
  if (choice.option) return tr(choice.option === 'boost' ? 'pending.choice.boost' : 'pending.choice.peek');
  if (choice.card !== undefined)
    return tr('pending.choice.discard', {
      card: currentContentText().objectiveName(choice.card, 'private'),
    });
  if (choice.rover !== undefined && item.kind === 'destroyPiece')
    return tr('pending.choice.loseRover', { rover: choice.rover + 1 });
  if (choice.stack && item.kind === 'removeStack')
    return tr('pending.choice.removeStack', { stack: tr(`stack.${choice.stack}`) });
  if (choice.track && item.kind === 'regress')
    return tr('pending.choice.regress', { track: trackName(choice.track), steps: item.steps });
  if (choice.store) return tr('pending.choice.store');
  if (choice.line)
    return tr(choice.line === 'row' ? 'pending.choice.clearRow' : 'pending.choice.clearColumn', {
      index: choice.index,
    });
  if (choice.track) return tr('pending.choice.advanceTrack', { track: trackName(choice.track) });
  if (item.kind === 'advance')
    return tr('pending.choice.advanceSteps', { track: trackName(item.track), steps: item.steps });
  if (choice.x !== undefined && choice.y !== undefined)
    return tr('pending.choice.square', { x: choice.x, y: choice.y });
  return tr('pending.choice.resolve');
}

export const hasCell = (choice: Choice): boolean => choice.x !== undefined && choice.y !== undefined;
