import type { Action } from '../../game/core/types';

/**
 * The plainest next step of a turn among the listed actions, for players a test only needs to move
 * along: take a tile, place it, resolve with a real choice before stopping or storing. Undefined
 * when only confirming is left.
 */
export const plainStep = (legal: Action[]): Action | undefined =>
  legal.find((a) => a.type === 'takeTile') ??
  legal.find((a) => a.type === 'placeTile') ??
  legal.find((a) => a.type === 'resolve' && !a.choice?.done && !a.choice?.store) ??
  legal.find((a) => a.type === 'resolve');
