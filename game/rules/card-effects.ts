/** What a civ card does when it is taken or at the end of the game (§5.7, civ-cards.json). */
import { TRACKS, type Draft } from '../core/types';
import { civCardById } from '../data';
import { addItem, gainMovement } from './draft';
import { trackerMoves } from './tracker-moves';
import type { CorporationEffects } from '../core/effects';

/**
 * Pending items and immediate changes of a civ card's effects at this moment (§5.7, civ-cards.json).
 * Trackers advance through `fx`, the rules core's effects (tracks.ts), which also hand cards here.
 */
export function addCardEffects(
  d: Draft,
  cardId: number,
  when: 'immediate' | 'endGame',
  fx: CorporationEffects,
): void {
  const card = civCardById(cardId);
  if (card.timing !== when) return;
  for (const e of card.structured) {
    switch (e.op) {
      case 'advanceTrackers':
        addItem(d, {
          kind: 'cardAdvance',
          count: e.count,
          stepsEach: e.stepsEach,
          distinct: e.distinct,
          tracks: e.tracks === 'any' ? [...TRACKS] : e.tracks,
          benefits: e.benefits,
          chosen: [],
        });
        break;
      case 'advanceAllTrackersToPosition':
        // Each step's order only matters through the gains it adds, which join the pending list (R1).
        // One square at a time (R7), always to a higher row: a board with sideways moves (Makeshift
        // tech 3) takes its first square up, never a slide that would not bring the tracker closer.
        for (const t of TRACKS) {
          for (;;) {
            const at = d.board.trackers[t];
            const up = trackerMoves(d.board, t).find((m) => m.row > at.row);
            if (at.row >= e.position || !up || !fx.advanceOnce(d, t, e.benefits, 'card', up)) break;
          }
        }
        break;
      case 'gainBiomassPatches':
        for (let k = 0; k < e.count; k++) addItem(d, { kind: 'patch' });
        break;
      case 'gainRoverMovement':
        gainMovement(d, e.amount);
        break;
      case 'teleportRover':
        for (let k = 0; k < e.count; k++) addItem(d, { kind: 'teleport' });
        break;
      case 'placeExtraTileFromDepot':
        addItem(d, { kind: 'extraTile', advance: e.advanceForResources });
        break;
      case 'collectFromPlanet':
        if (e.item === 'lifepod') addItem(d, { kind: 'collect', item: 'lifepod', count: e.count });
        break;
      case 'destroyMeteoritesInLine':
        addItem(d, { kind: 'destroyLine' });
        break;
      case 'destroyFromPlanet':
        addItem(d, { kind: 'destroyMeteorites', count: e.count });
        break;
      case 'medals':
      case 'medalsPer':
      case 'setLifepodValue':
      case 'meteoriteRepoSet':
      case 'commerceAgreementSet':
        break; // scoring effects (§6.3 C, D) are read at the end
      default: {
        const unhandled: never = e;
        throw new Error(`Civ card ${cardId}: no effect for ${JSON.stringify(unhandled)}`);
      }
    }
  }
}
