/**
 * Flux Industries (§8.2): the flux token marks one track, chosen again at every tech milestone
 * claimed, and only the latest tech unlocked works; the techs act on the flux track.
 */
import { TRACKS, type PlayerBoard, type Track } from '../../core/types';
import type { CorporationData, Reward } from '../../data/types';
import { tileById } from '../../data';
import { present, unlistedShape } from '../../core/present';
import {
  baseCorporationRules,
  printedRewards,
  techOn,
  unused,
  type CorporationRules,
} from '../corporation-base';
import type { AbilityOffer } from '../../core/effects';

const TO_NEXT_MILESTONE = 'fluxToNextMilestone';
const ADVANCE_FLUX_TRACK = 'advanceFluxTrack';

const HIGHEST_RANK = 4;

const isMilestone = (r: Reward): boolean =>
  r.kind === 'civMilestone' ||
  r.kind === 'biomassMilestone' ||
  r.kind === 'roverMilestone' ||
  r.kind === 'techMilestone';

/** Tech 2: the squares from the tracker to the next milestone of its track, 0 if none is left (water has none). */
function stepsToNextMilestone(corp: CorporationData, board: PlayerBoard, track: Track): number {
  const at = board.trackers[track];
  const column = corp.tracks[at.col];
  for (let row = at.row + 1; row <= column.top; row++)
    if (printedRewards(corp, { col: at.col, row }).some(isMilestone)) return row - at.row;
  return 0;
}

/** Tech 3: the flux track's upgrade of one printed reward (§8.2; rank 4 stays 4, as the data says). */
function upgraded(track: Track, reward: Reward): Reward[] {
  if (track === 'civ' && reward.kind === 'civMilestone')
    return [{ ...reward, rank: Math.min(HIGHEST_RANK, reward.rank + 1) }];
  if (track === 'water' && reward.kind === 'synergy') return [reward, reward];
  if (track === 'biomass' && reward.kind === 'biomassMilestone') return [reward, reward];
  if (track === 'rover' && reward.kind === 'roverMove') return [{ ...reward, value: reward.value + 1 }];
  return [reward];
}

/** Tech 3 is on and the flux token marks this track. */
const upgrades = (corp: CorporationData, board: PlayerBoard, track: Track): boolean =>
  board.corp.fluxTrack === track && techOn(corp, board, 'upgradeFluxTrack');

export const fluxIndustries: Partial<CorporationRules> = {
  // Only the latest tech unlocked works: tech k, k the tech milestones at or below the tracker.
  techActive(corp, board, index) {
    const rows = corp.techUnlock.milestoneRows ?? [];
    const unlocked = rows.filter((row) => board.trackers.tech.row >= row).length;
    return unlocked > 0 && index === unlocked - 1;
  },

  rewardsAt(corp, board, track, square) {
    const printed = printedRewards(corp, square);
    return upgrades(corp, board, track) ? printed.flatMap((r) => upgraded(track, r)) : printed;
  },

  topMovement: (corp, board) =>
    baseCorporationRules.topMovement(corp, board) + (upgrades(corp, board, 'rover') ? 1 : 0),

  // Every tech milestone claimed (again too, R8) lets the player move the token, or keep it.
  afterClaim(_corp, d, fx, _track, _square, rewards) {
    if (rewards.some((r) => r.kind === 'techMilestone'))
      fx.addItem(d, { kind: 'corporation', gain: 'fluxTrack', count: 1, optional: false });
  },

  gainChoices: (_corp, _env, _d, item) =>
    item.gain === 'fluxTrack' ? TRACKS.map((track) => ({ track })) : [],

  applyGain(_corp, _env, d, fx, item, choice) {
    if (item.gain !== 'fluxTrack') return;
    if (!('track' in choice)) return unlistedShape(item.gain, choice);
    d.board.corp.fluxTrack = choice.track;
    fx.removeItem(d, item.id);
  },

  // Tech 1: two movements per rover standing on the flux track's terrain, when the round begins (R11).
  startOfRoundMovement(corp, board) {
    const flux = board.corp.fluxTrack;
    if (flux === null || !techOn(corp, board, 'twoMovesPerRoverOnFluxTerrain')) return 0;
    const standing = board.rovers.filter((r) => r.cell !== null && board.terrain[r.cell] === flux);
    return 2 * standing.length;
  },

  // Tech 4: a meteorite collected from the planet per icon of the flux track's resource on the tile.
  afterTilePlaced(corp, d, fx, tileId) {
    const flux = d.board.corp.fluxTrack;
    if (flux === null || !techOn(corp, d.board, 'collectMeteoriteOnFluxTile')) return;
    if (d.board.meteorites.length === 0) return; // none on the planet: nothing happens
    for (const cell of tileById(tileId).cells)
      if (cell.resource && cell.terrain === flux)
        fx.addItem(d, { kind: 'collect', item: 'meteorite', count: 1 });
  },

  abilities(corp, _env, d) {
    const board = d.board;
    const flux = board.corp.fluxTrack;
    if (flux === null) return [];
    const offers: AbilityOffer[] = [];
    // Tech 2, once per game and only while it is the active tech (designer FAQ).
    if (
      techOn(corp, board, TO_NEXT_MILESTONE) &&
      unused(board, TO_NEXT_MILESTONE, 'game') &&
      stepsToNextMilestone(corp, board, flux) > 0
    )
      offers.push({ ability: TO_NEXT_MILESTONE, choices: [{}], once: 'game' });
    // Tech 5, once per round (R12); a tracker at its top has nowhere to go (§5.3).
    if (
      techOn(corp, board, ADVANCE_FLUX_TRACK) &&
      unused(board, ADVANCE_FLUX_TRACK, 'round') &&
      baseCorporationRules.nextSquares(corp, board, flux).length > 0
    )
      offers.push({ ability: ADVANCE_FLUX_TRACK, choices: [{}], once: 'round' });
    return offers;
  },

  useAbility(corp, _env, d, fx, ability) {
    // Both powers are offered only while the flux token marks a track.
    const flux = present(d.board.corp.fluxTrack, 'flux track');
    // Tech 2 claims every square on the way, the milestone included (R7).
    const steps = ability === TO_NEXT_MILESTONE ? stepsToNextMilestone(corp, d.board, flux) : 1;
    fx.advance(d, flux, steps, 'all', 'track');
  },
};
