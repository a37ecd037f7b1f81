/**
 * The two tiles of the depot a player faces, as the rules offer them: a stack is takeable when a
 * `takeTile` action for it is listed; otherwise the engine's refusal of that action says why. Both
 * the drawn station and the tile picker read this one answer, so they never disagree.
 */
import type { TFunction } from 'i18next';
import {
  type Action,
  facingDepot,
  type GameState,
  type PlayerID,
  type Reason,
  type StackSide,
  tileById,
} from '../../game';
import { shapeName, terrainName } from '../i18n/labels';
import { cachedTrial } from './preview';

export interface TakeChoice {
  stack: StackSide;
  /** The top tile, or null for an empty stack. */
  tileId: number | null;
  /** A listed `takeTile` action: the tile may be taken now. */
  legal: boolean;
  /** Why it may not be taken (the engine's refusal of the unlisted action); null when legal. */
  refusal: Reason | null;
}

/** Whether the player is at the step of taking a tile this round. */
export function isTaking(G: GameState, player: PlayerID): boolean {
  const turn = G.private[player]?.turn;
  return Boolean(turn && turn.kind === 'round' && !turn.draft.taken);
}

/** The depot's two stacks for the player, the takeable first (the one that fits is offered first). */
export function takeChoices(G: GameState, player: PlayerID, actions: readonly Action[]): TakeChoice[] {
  const depot = G.station.depots[facingDepot(G, player)];
  if (!depot) return [];
  const listed = new Set(actions.flatMap((a) => (a.type === 'takeTile' ? [a.stack] : [])));
  const choices = (['small', 'large'] as const).map((stack): TakeChoice => {
    const legal = listed.has(stack);
    return {
      stack,
      tileId: depot[stack].top,
      legal,
      refusal: legal ? null : cachedTrial(G, player, { type: 'takeTile', stack }).refusal,
    };
  });
  // A stable sort: the takeable tiles keep small-then-large order among themselves.
  return choices.sort((a, b) => Number(b.legal) - Number(a.legal));
}

/** The short name of a clickable tile: "Take the large tile: biomass and civ, L-shaped". */
export function takeLabel(t: TFunction<'table'>, choice: TakeChoice): string {
  const stack = t(`take.${choice.stack}`);
  if (choice.tileId === null) return t('take.emptyStack', { stack });
  const tile = tileById(choice.tileId);
  return t('take.tile', {
    stack,
    terrains: tile.terrains.map(terrainName).join(t('take.and')),
    shape: shapeName(tile.shape),
  });
}
