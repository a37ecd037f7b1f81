/**
 * The corporation board in play: trackers moving up and down their tracks and the rewards of the
 * squares they land on (§5.2–§5.5, R7, R8), pieces collected onto the board (§5.10.4, R32), and
 * `effects`, the one implementation of these that corporation hooks are handed (§8.2).
 */
import type { Benefits, CellIndex, Draft, GainSource, SquareRef, Track } from '../core/types';
import type { Reward } from '../data/types';
import { settleCarriedMeteorites } from './board';
import { addCardEffects } from './card-effects';
import { addItem, gainMovement, removeItem, ruleOn } from './draft';
import { isAtTop, trackerMoves } from './tracker-moves';
import { boardRules } from './board-rules';
import type { CorporationEffects } from '../core/effects';

/** Claim the rewards of a square the tracker landed on (§5.2); medals are positions, not rewards. */
function claim(d: Draft, track: Track, square: SquareRef, benefits: Benefits): void {
  if (benefits === 'none') return;
  const { corp, corporation: rules } = boardRules(d.board);
  const rewards = rules.rewardsAt(corp, d.board, track, square);
  // Events 109/123 stop milestone rewards, 122 synergy boosts; movement and medals still count.
  const noMilestones = ruleOn(d, 'noMilestoneBenefits');
  const noSynergy = ruleOn(d, 'noSynergyBoosts');
  const claimed: Reward[] = [];
  for (const r of rewards) {
    if (
      noMilestones &&
      (r.kind === 'civMilestone' || r.kind === 'biomassMilestone' || r.kind === 'roverMilestone')
    )
      continue;
    if (noSynergy && r.kind === 'synergy') continue;
    claimed.push(r);
    switch (r.kind) {
      case 'medal':
      case 'techMilestone': // a tech is on while the tracker stands on or above it (§5.11)
        break;
      case 'synergy':
        if (benefits === 'all') addItem(d, { kind: 'synergy' });
        break;
      case 'civMilestone':
        d.civRanks.push(r.rank); // picked at the end of the round (R3)
        break;
      case 'biomassMilestone':
        addItem(d, { kind: 'patch' });
        break;
      case 'roverMilestone':
        addItem(d, { kind: 'rover' });
        break;
      case 'roverMove':
        gainMovement(d, r.value);
        break;
      case 'advanceTrack':
        addItem(d, { kind: 'advance', track: r.track, steps: 1, source: 'track' });
        break;
      case 'choice':
        // A square whose rewards are a choice is a corporation's to resolve through rewardsAt.
        throw new Error('A reward choice reached the core: its corporation must resolve it in rewardsAt.');
    }
  }
  rules.afterClaim(corp, d, effects, track, square, claimed);
}

/** Whether the tracker has more than one square to go to: the player then chooses (§8.2). */
export const needsDestination = (d: Draft, track: Track): boolean => trackerMoves(d.board, track).length > 1;

/**
 * Advance one square and claim it (§5.2); at the top only the rover's ∞ pays, for placed tiles
 * (R5). With several squares to go to, `to` must name one of them (`advance` asks the player).
 */
export function advanceOnce(
  d: Draft,
  track: Track,
  benefits: Benefits,
  source: GainSource,
  to?: SquareRef,
): boolean {
  const moves = trackerMoves(d.board, track);
  const dest = to ? moves.find((m) => m.col === to.col && m.row === to.row) : moves[0];
  if (!dest) {
    if (moves.length === 0 && track === 'rover' && source === 'tile' && isAtTop(d.board, 'rover')) {
      const { corp, corporation } = boardRules(d.board);
      gainMovement(d, corporation.topMovement(corp, d.board));
    }
    return false;
  }
  d.board.trackers[track] = { col: dest.col, row: dest.row };
  claim(d, track, dest, benefits);
  return true;
}

/**
 * A multi-square advance claims every square landed on, one at a time (R7). Where a step has
 * several destinations, the steps left wait on the pending list for the player to choose.
 */
export function advance(d: Draft, track: Track, steps: number, benefits: Benefits, source: GainSource): void {
  for (let s = 0; s < steps; s++) {
    if (needsDestination(d, track)) {
      addItem(d, { kind: 'advance', track, steps: steps - s, source, benefits });
      return;
    }
    // The rover's ∞ pays once per placed tile, not once per step.
    if (!advanceOnce(d, track, benefits, source)) break;
  }
}

/** One square down, claiming nothing (§5.4); false when the tracker cannot move down. */
export function regressOnce(d: Draft, track: Track): boolean {
  const { corp, corporation } = boardRules(d.board);
  const to = corporation.previousSquare(corp, d.board, track);
  if (!to) return false;
  d.board.trackers[track] = { col: to.col, row: to.row };
  return true;
}

/** How many squares the tracker can move down, up to `steps` (§5.4), without moving it. */
export function regressRoom(d: Draft, track: Track, steps: number): number {
  const { corp, corporation: rules } = boardRules(d.board);
  // On a copy of the trackers: listing choices never writes to the draft (a view may be frozen).
  const walker = { ...d.board, trackers: { ...d.board.trackers } };
  let n = 0;
  while (n < steps) {
    const to = rules.previousSquare(corp, walker, track);
    if (!to) break;
    walker.trackers[track] = to;
    n++;
  }
  return n;
}

/** Lifepods collected (by a rover or a card): counted, then each offered a spot if the board has any (R32). */
export function collectLifepods(d: Draft, count: number): void {
  if (count <= 0) return;
  d.board.collected.lifepods += count;
  const { corp, corporation } = boardRules(d.board);
  if (corporation.lifepodSpots(corp, d.board).length === 0) return;
  for (let k = 0; k < count; k++) addItem(d, { kind: 'lifepodSpot' });
}

/** The meteorite on a square is collected: off the planet, counted (§5.10.4). */
export function collectMeteorite(d: Draft, cell: CellIndex): void {
  const at = d.board.meteorites.indexOf(cell);
  if (at < 0) return;
  d.board.meteorites.splice(at, 1);
  d.board.collected.meteorites++;
  settleCarriedMeteorites(d.board);
  const { corp, corporation } = boardRules(d.board);
  corporation.afterMeteoriteCollected(corp, d, effects);
}

/** The rules core's effects, as corporation hooks receive them. */
export const effects: CorporationEffects = {
  addItem,
  removeItem,
  gainMovement,
  advance,
  advanceOnce,
  claim,
  regress: regressOnce,
  collectLifepods,
  collectMeteorite,
  civCardEffects: (d, card, when) => addCardEffects(d, card, when, effects),
};
