/**
 * Words, letters and colours the client shows for the engine's values. Colour is never the only cue.
 * Texts come from the `turn` namespace in the current language; these helpers serve code outside
 * React (action descriptions, the bot worker) as well as components.
 */
import {
  type Choice,
  CIV_CARDS,
  civCardById,
  corporationById,
  type LifepodSpot,
  type PendingItem,
  type PlayerBoard,
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

/**
 * A tile's shape in the player's words ("a straight line of 4 squares"), never the data's
 * polyomino names ("I4 (straight tetromino (I4))"), which are English and a geometer's.
 */
export function shapeName(shapeId: number): string {
  const s = SHAPES[shapeId];
  return s
    ? tr(`tile.shapes.${s.name}`, { defaultValue: tr('tile.shapeCount', { count: s.cells.length }) })
    : tr('tile.unknownShape', { id: shapeId });
}

/** "Civ + Water tile, N (N-pentomino), meteorite": what a player sees of a tile, without its number. */
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

/** Where a lifepod rests, in words: "the scoring area", "Water, level 3", "tech slot A". */
export function spotName(spot: LifepodSpot, board?: PlayerBoard): string {
  if (spot === 'area') return tr('corp.spot.area');
  const [where, n] = spot.split(':') as [string, string];
  if (where === 'slot') {
    const tech = board ? corporationById(board.corporation).techs[Number(n)] : undefined;
    return tr('corp.spot.slot', { slot: tech?.level ?? Number(n) + 1 });
  }
  return tr('corp.spot.square', { track: trackName(where as Track), level: Number(n) });
}

/** A card a corporation shows its player, by name: civ cards and objectives have distinct ids. */
export function cardName(id: number): string {
  return CIV_CARDS.some((c) => c.id === id)
    ? civCardLabel(id)
    : currentContentText().objectiveName(id, 'neighbor');
}

/** What a corporation choice's words may need besides the choice itself. */
export interface ChoiceContext {
  /** The board, to name its tech slots. */
  board?: PlayerBoard;
  /** What a square gives, for a tracker's destination ('' when nothing). */
  rewards?(square: { col: Track; row: number }): string;
  /** A pending gain named by its id (a power that swaps or doubles a gain, Jump Drive A and C). */
  itemName?(id: number): string | null;
}

/**
 * The text of a button for a choice of a corporation's gain or power, or of a choice naming a place
 * on the corporation board: every field the choice carries, in words.
 */
export function corporationChoiceLabel(choice: Choice, context: ChoiceContext = {}): string {
  const { board } = context;
  if (choice.done) return tr('corp.choice.decline');
  const parts: string[] = [];
  if (choice.index !== undefined) {
    const item = context.itemName?.(choice.index);
    if (item) parts.push(item);
  }
  if (choice.col !== undefined && choice.row !== undefined) {
    const where = tr('corp.choice.destination', { track: trackName(choice.col), level: choice.row });
    const gives = context.rewards?.({ col: choice.col, row: choice.row });
    parts.push(gives ? tr('corp.choice.gives', { where, rewards: gives }) : where);
  } else if (choice.row !== undefined) parts.push(tr('corp.choice.row', { row: choice.row }));
  if (choice.track !== undefined) parts.push(trackName(choice.track));
  if (choice.card !== undefined) parts.push(cardName(choice.card));
  if (choice.rover !== undefined) parts.push(tr('corp.choice.rover', { rover: choice.rover + 1 }));
  if (choice.from !== undefined && choice.spot !== undefined)
    parts.push(
      tr('corp.choice.move', { from: spotName(choice.from, board), spot: spotName(choice.spot, board) }),
    );
  else if (choice.from !== undefined)
    parts.push(
      choice.from === 'area'
        ? tr('corp.choice.takeArea')
        : tr('corp.choice.take', { spot: spotName(choice.from, board) }),
    );
  else if (choice.spot !== undefined)
    parts.push(
      choice.spot === 'area'
        ? tr('corp.choice.area')
        : tr('corp.choice.spot', { spot: spotName(choice.spot, board) }),
    );
  if (choice.x !== undefined && choice.y !== undefined)
    parts.push(tr('pending.choice.square', { x: choice.x, y: choice.y }));
  return parts.length ? parts.join(', ') : tr('corp.choice.use');
}
