/**
 * Republic (§8.2): seven civ milestones, each forcing one of the other trackers one square down
 * (§5.4), and five techs built around civ cards and civ terrain.
 */
import type { ConfirmEffect, Draft, PlayerBoard, Track } from '../../core/types';
import type { CorporationData } from '../../data/types';
import { civCardById, tileById } from '../../data';
import { unlistedShape } from '../../core/present';
import { printedRewards, techOn, type CorporationRules } from '../corporation-base';

/** The forced regression as the data describes it (`trackShape.regression`). */
function regressionOf(corp: CorporationData): { choices: Track[]; steps: number } {
  const shape = corp.extra.trackShape;
  if (shape?.kind !== 'republicCiv') throw new Error(`Corporation ${corp.id} has no Republic track shape.`);
  return shape.regression;
}

const HIGHEST_RANK = 4;

/** Tech 1: the movement value printed on the rover tracker's square, 0 where it shows none. */
function roverSquareMovement(corp: CorporationData, board: PlayerBoard): number {
  const reward = printedRewards(corp, board.trackers.rover).find((r) => r.kind === 'roverMove');
  return reward?.kind === 'roverMove' ? reward.value : 0;
}

/** Tech 5: every card left in the civ piles in play, lowest rank first (§6.2). */
function cardsLeftInPiles(piles: Record<number, number[]>): number[] {
  return Object.keys(piles)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((rank) => piles[rank] ?? []);
}

/** A card kept from the piles leaves them when the turn is confirmed: the piles are hidden state (§9). */
function takeFromPilesOnConfirm(d: Draft, card: number): void {
  const effects: ConfirmEffect[] = (d.onConfirm ??= []);
  const taking = effects.find((e) => e.kind === 'takeCivCards');
  if (taking?.kind === 'takeCivCards') taking.cards.push(card);
  else effects.push({ kind: 'takeCivCards', cards: [card] });
}

export const republic: Partial<CorporationRules> = {
  afterClaim(corp, d, fx, _track, _square, rewards) {
    for (const reward of rewards) {
      if (reward.kind !== 'civMilestone') continue;
      // Reaching the milestone forces the regression now; only the card waits for the round's end
      // (§5.7, R3). The regression lists only trackers able to move down: none, and it does nothing (§5.4).
      const { choices, steps } = regressionOf(corp);
      fx.addItem(d, { kind: 'regress', tracks: [...choices], steps });
      // Tech 4: a boost per milestone, which event 122 cancels like any other (§5.5).
      const noBoosts = d.rules.some((r) => r.rule === 'noSynergyBoosts');
      if (techOn(corp, d.board, 'synergyOnCivMilestone') && !noBoosts) fx.addItem(d, { kind: 'synergy' });
    }
  },

  // Tech 1: selecting a tile with civ terrain, before placing it (designer FAQ, R2).
  onTileTaken(corp, d, fx, tileId) {
    if (!techOn(corp, d.board, 'roverMoveOnCivTileSelection')) return;
    if (!tileById(tileId).terrains.includes('civ')) return;
    fx.gainMovement(d, roverSquareMovement(corp, d.board));
  },

  // Tech 2: one more card, from the next rank's pile; rank 4 has none above it.
  civOfferExtraRank: (corp, board, rank) =>
    techOn(corp, board, 'extraHigherRankCivCard') && rank < HIGHEST_RANK ? rank + 1 : null,

  // Tech 3: from a civ resource icon, a jump to any other civ icon for one movement (R26).
  extraRoverSteps(corp, board, from) {
    if (board.icon[from] !== 'civ' || !techOn(corp, board, 'teleportBetweenCiv')) return [];
    const steps = [];
    for (let cell = 0; cell < board.icon.length; cell++)
      if (cell !== from && board.icon[cell] === 'civ') steps.push({ cell, cost: 1, teleport: true });
    return steps;
  },

  // Tech 5: in the end-game phase, keep two of the cards left in the piles (one if one is left, §6.2).
  endOfGame(corp, env, d, fx) {
    if (!techOn(corp, d.board, 'keepTwoCivCardsEndGame')) return;
    const cards = cardsLeftInPiles(env.state.hidden.civPiles);
    if (cards.length === 0) return;
    // The cards go in this player's private draft only: nobody else sees the piles (§9).
    fx.addItem(d, {
      kind: 'corporation',
      gain: 'keepCivCards',
      count: Math.min(2, cards.length),
      optional: false,
      cards,
    });
  },

  gainChoices(_corp, _env, _d, item) {
    if (item.gain !== 'keepCivCards') return [];
    return (item.cards ?? []).map((card) => ({ card }));
  },

  applyGain(_corp, _env, d, fx, item, choice) {
    if (item.gain !== 'keepCivCards') return;
    if (!('card' in choice)) return unlistedShape(item.gain, choice);
    const card = civCardById(choice.card);
    item.cards = (item.cards ?? []).filter((c) => c !== card.id);
    item.count--;
    if (item.count <= 0) fx.removeItem(d, item.id);
    d.board.civCards.push({ id: card.id, rank: card.rank, timing: card.timing });
    takeFromPilesOnConfirm(d, card.id);
    // A card taken in the end-game phase acts now (§6.2 step 3): an Immediate card is resolved at
    // once (§5.7), an End Game card's action too; both then score like any held card.
    fx.civCardEffects(d, card.id, card.timing);
  },
};
