/**
 * Jump Drive (§8.2, R32): a collected lifepod may go on one of the six tech slots A–F instead of
 * the scoring area, unlocking that tech at once and for good. The tech track holds no milestones
 * and its medals shrink as it climbs: the last medal passed is the one scored (§5.6).
 */
import type { CorporationData } from '../../data/types';
import type { AbilityChoice, CellIndex, LifepodSpot, PlayerBoard, Track } from '../../core/types';
import { TRACKS } from '../../core/types';
import { unlistedShape } from '../../core/present';
import { tileById } from '../../data';
import { areaTerrain } from '../../rules/areas';
import { gridNeighbours } from '../../rules/board';
import { printedRewards, techOn, unused, type CorporationRules } from '../corporation-base';
import type { AbilityOffer, RoverStep } from '../../core/effects';

const SYNERGY_FOR_PATCH = 'synergyInsteadOfBiomass'; // A
const TELEPORT = 'teleportSameTerrain'; // B
const DOUBLE_SYNERGY = 'doubleSynergyAdvance'; // C
const TECH_AS_ENERGY = 'techAsEnergy'; // D
const CLAIM_ROW = 'claimRow'; // E
const SHARED_OBJECTIVE = 'sharedObjective'; // F
/** How many objective cards tech F shows (§9). */
const OBJECTIVES_SHOWN = 3;

/** The tech slots A–F, as the data names them (trackShape `slots`), as lifepod spots. */
function slotSpots(corp: CorporationData): LifepodSpot[] {
  const shape = corp.extra.trackShape;
  const slots = shape?.kind === 'jumpDriveTechSlots' ? shape.slots : [];
  return slots.map((_, k): LifepodSpot => `slot:${k}`);
}

const slotFilled = (board: PlayerBoard, index: number): boolean =>
  board.corp.parkedLifepods.includes(`slot:${index}`);

/**
 * Tech D (R25, optional): the terrain types the tile's tech icon may advance when it works like an
 * energy icon. The tile's tech squares count as energy terrain: the area they form with the energy
 * terrain they touch offers every terrain type next to it (§5.12), tech itself included, so
 * keeping the plain tech advance stays a choice.
 */
function techAsEnergyOptions(after: PlayerBoard, techCells: CellIndex[], other: string): Track[] {
  const terrain = areaTerrain(after);
  const area = new Set<CellIndex>(techCells);
  const queue = [...techCells];
  const found = new Set<string>(['tech', other]); // energy is no track: the filter below drops it
  for (let c = queue.pop(); c !== undefined; c = queue.pop()) {
    for (const n of gridNeighbours(c)) {
      if (area.has(n)) continue;
      const there = after.terrain[n];
      if (terrain[n] === 'energy') {
        area.add(n);
        queue.push(n);
      } else if (there) found.add(there);
    }
  }
  return TRACKS.filter((t) => found.has(t));
}

/** Tech B: every square of the terrain the rover stands on, for one movement (a jump, §5.10.4). */
function teleports(board: PlayerBoard, from: CellIndex): RoverStep[] {
  const terrain = board.terrain[from];
  if (!terrain) return []; // a rover on bare planet has no terrain to jump by
  const out: RoverStep[] = [];
  board.terrain.forEach((t, cell) => {
    if (t === terrain && cell !== from) out.push({ cell, cost: 1, teleport: true, ability: TELEPORT });
  });
  return out;
}

export const jumpDrive: Partial<CorporationRules> = {
  // A slot once filled keeps its tech for the rest of the game (trackShape `unlock`).
  techActive: (_corp, board, index) => slotFilled(board, index),
  lifepodSpots: (corp, board) => slotSpots(corp).filter((spot) => !board.corp.parkedLifepods.includes(spot)),

  extraRoverSteps(corp, board, from) {
    if (!techOn(corp, board, TELEPORT) || !unused(board, TELEPORT, 'round')) return [];
    return teleports(board, from);
  },

  tileGains(corp, board, after, tileId, cells, gains) {
    if (!techOn(corp, board, TECH_AS_ENERGY)) return gains;
    const at = gains.findIndex((g) => g.kind === 'advance' && g.track === 'tech');
    if (at < 0) return gains;
    const tile = tileById(tileId);
    const techCells = cells.filter((_, k) => tile.cells[k]?.terrain === 'tech');
    const other = tile.terrains.find((t) => t !== 'tech') ?? 'tech';
    const out = gains.slice();
    out[at] = { kind: 'energy', options: techAsEnergyOptions(after, techCells, other) };
    return out;
  },

  abilities(corp, env, d) {
    const board = d.board;
    const offers: AbilityOffer[] = [];
    const synergiesCancelled = d.rules.some((r) => r.rule === 'noSynergyBoosts'); // event 122
    if (
      techOn(corp, board, SYNERGY_FOR_PATCH) &&
      unused(board, SYNERGY_FOR_PATCH, 'round') &&
      !synergiesCancelled
    )
      offers.push({
        ability: SYNERGY_FOR_PATCH,
        choices: d.pending.filter((p) => p.kind === 'patch').map((p) => ({ index: p.id })),
        once: 'round',
      });
    if (techOn(corp, board, DOUBLE_SYNERGY) && unused(board, DOUBLE_SYNERGY, 'round')) {
      // Only where the tracker has two squares to go: a single square is a plain boost.
      const tracks = TRACKS.filter((t) => board.trackers[t].row + 2 <= corp.tracks[t].top);
      const choices: AbilityChoice[] = [];
      for (const p of d.pending)
        if (p.kind === 'synergy') for (const track of tracks) choices.push({ index: p.id, track });
      offers.push({ ability: DOUBLE_SYNERGY, choices, once: 'round' });
    }
    if (techOn(corp, board, CLAIM_ROW) && unused(board, CLAIM_ROW, 'game')) {
      const rowGives = (row: number) => TRACKS.some((col) => printedRewards(corp, { col, row }).length > 0);
      offers.push({
        ability: CLAIM_ROW,
        choices: TRACKS.filter((t) => rowGives(board.trackers[t].row)).map((track) => ({ track })),
        once: 'game',
      });
    }
    // Listed without reading the deck: a player's own view holds no hidden state, and lists the same.
    // Solo has no objective contested by players (§6.3 F, §7.4): nothing to add there. The cards
    // are shown when a round's turn is confirmed (§3.8), so the power is a round turn's.
    const multiplayer = env.state.playerIDs.length > 1 && env.kind === 'round';
    if (multiplayer && techOn(corp, board, SHARED_OBJECTIVE) && unused(board, SHARED_OBJECTIVE, 'game'))
      offers.push({ ability: SHARED_OBJECTIVE, choices: [{}], once: 'game' });
    return offers;
  },

  useAbility(_corp, _env, d, fx, ability, choice) {
    switch (ability) {
      case SYNERGY_FOR_PATCH:
        if (!('index' in choice)) return unlistedShape(SYNERGY_FOR_PATCH, choice); // `{ index }` of the patch
        fx.removeItem(d, choice.index);
        fx.addItem(d, { kind: 'synergy' });
        break;
      case DOUBLE_SYNERGY:
        if (!('index' in choice && 'track' in choice)) return unlistedShape(DOUBLE_SYNERGY, choice);
        fx.removeItem(d, choice.index);
        fx.advance(d, choice.track, 2, 'all', 'synergy'); // each square claimed (R7)
        break;
      case CLAIM_ROW: {
        if (!('track' in choice)) return unlistedShape(CLAIM_ROW, choice);
        // The five squares of the tracker's row; medals are positions, never claimed (§5.6).
        const row = d.board.trackers[choice.track].row;
        for (const col of TRACKS) fx.claim(d, col, { col, row }, 'all');
        break;
      }
      case SHARED_OBJECTIVE:
        // The cards are shown once the turn is confirmed, and the choice made then (§3.8, R4).
        d.onConfirm = [...(d.onConfirm ?? []), { kind: 'revealObjectives', count: OBJECTIVES_SHOWN }];
        break;
    }
  },
};
