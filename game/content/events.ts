/**
 * Event cards (§7.3, events.json): each card's structured effects, interpreted op by op. Shared
 * effects apply once at reveal; a player's effects open their turn as pending gains, undoable like
 * the rest of it (§3.4, R4). Round rules are read from the card while it is the round's event.
 */
import type { Draft, GameState, RoundRule, Track } from '../core/types';
import { TRACKS } from '../core/types';
import { present } from '../core/present';
import { EVENTS } from '../data';
import type { EventCardData, EventEffect, EventTracks } from '../data/types';
import { corporationHooks } from '../rules/board-rules';
import { facingDepot } from '../rules/depot';
import { addItem } from '../rules/draft';
import { regressRoom } from '../rules/tracks';

const BY_ID = new Map(EVENTS.map((e) => [e.id, e]));

export function eventById(id: number): EventCardData {
  const e = BY_ID.get(id);
  if (!e) throw new Error(`Unknown event id ${id} (known: 65..124)`);
  return e;
}

const tracksOf = (tracks: EventTracks): Track[] => (tracks === 'any' ? [...TRACKS] : tracks);

/** The round rules a card puts in force (§3.4). */
export function roundRulesOf(eventId: number): RoundRule[] {
  const rules: RoundRule[] = [];
  for (const e of eventById(eventId).structured) {
    if (e.op !== 'roundRule') continue;
    const { op: _op, ...rule } = e;
    rules.push(rule);
  }
  return rules;
}

/** The round rules in force now: the event's, until the next round starts (§3.4). */
export function rulesInForce(state: GameState): RoundRule[] {
  return state.event && state.event.round === state.round ? roundRulesOf(state.event.id) : [];
}

/** Whether the card asks the solo player to turn the station (event 79). */
export const rotatesStation = (eventId: number): boolean =>
  eventById(eventId).structured.some((e) => e.op === 'rotateStation');

/**
 * Shared effects, applied once by the game at reveal (§3.4). "A random civ card" is the last of a
 * pile or set-aside heap: both were shuffled at setup and never looked at in order since.
 */
export function applySharedEffects(state: GameState, eventId: number): void {
  for (const e of eventById(eventId).structured) {
    if (e.op !== 'civPilesAdjust') continue;
    for (const rank of [1, 2, 3, 4]) {
      const pile = present(state.hidden.civPiles[rank], 'civ pile of a rank');
      const aside = present(state.hidden.civSetAside[rank], 'civ cards set aside of a rank');
      const [from, to] = e.delta > 0 ? [aside, pile] : [pile, aside];
      for (let k = 0; k < Math.abs(e.delta); k++) {
        const card = from.pop();
        if (card !== undefined) to.unshift(card);
      }
      state.civPileSizes[rank] = pile.length;
    }
  }
}

/** A player's part of the event, added to the draft their turn starts from. */
export function addPlayerEffects(state: GameState, player: string, d: Draft, eventId: number): void {
  const b = d.board;
  const apply = (e: EventEffect): void => {
    switch (e.op) {
      case 'advanceTracker':
        if (e.synergyBoost) addItem(d, { kind: 'synergy' });
        else
          addItem(d, {
            kind: 'cardAdvance',
            count: 1,
            stepsEach: e.steps,
            distinct: true,
            tracks: tracksOf(e.tracks),
            benefits: e.benefits ? 'all' : 'none', // event 68 moves "without any benefit"
            chosen: [],
          });
        break;
      case 'regressTracker': {
        const tracks = tracksOf(e.tracks);
        if (tracks.some((t) => regressRoom(d, t, 1) > 0))
          addItem(d, { kind: 'regress', tracks, steps: e.steps });
        break;
      }
      case 'choice':
        addItem(d, { kind: 'boostOrPeek' });
        break;
      case 'gainBiomassPatch':
        for (let k = 0; k < e.count; k++) addItem(d, { kind: 'patch' });
        break;
      case 'collectFromPlanet':
        addItem(d, { kind: 'collect', item: e.item, count: e.count });
        break;
      case 'destroyOnPlanet':
        if (e.item === 'rover') {
          const onPlanet = b.rovers.filter((r) => r.cell !== null).length;
          if (onPlanet > (e.onlyIfMoreThan ?? 0)) addItem(d, { kind: 'destroyPiece', item: 'rover' });
        } else if (b.lifepods.length > 0) {
          addItem(d, { kind: 'destroyPiece', item: 'lifepod' });
        }
        break;
      case 'destroyCollected': {
        // Only pieces on the corporation board, never on the planet or in the supply (RULINGS faults).
        const item = e.item === 'lifepod' ? 'lifepods' : 'meteorites';
        b.collected[item] = Math.max(0, b.collected[item] - e.count);
        break;
      }
      case 'addMeteorite':
        addItem(d, { kind: 'eventMeteorite', optional: !corporationHooks(b).meteoritesLand() });
        break;
      case 'gainRover':
        for (let k = 0; k < e.count; k++) {
          const id = b.rovers.reduce((m, r) => Math.max(m, r.id), -1) + 1;
          b.rovers.push({ id, cell: null, destroyed: false });
          // On the one tile placed this round (RULINGS faults: not after every tile).
          addItem(d, { kind: 'rover', thisRoundTile: true });
        }
        break;
      case 'drawPrivateObjective':
        d.drawObjectives += e.count; // seen after confirming (§3.8)
        break;
      case 'destroyPrivateObjective':
        addItem(d, { kind: 'discardObjective' });
        break;
      case 'removeStationStack': {
        // Ignored when it alone would empty the depot and so end the game (R10, §7.3.3).
        const depot = state.station.depots[facingDepot(state, player)];
        if (depot && depot.small.count > 0 && depot.large.count > 0) addItem(d, { kind: 'removeStack' });
        break;
      }
      case 'roundRule':
      case 'civPilesAdjust':
      case 'rotateStation':
      case 'peekNextEvent':
        break; // not a player's own effect: round rules, shared effects, the solo rotation, a choice's option
      default: {
        const unhandled: never = e;
        throw new Error(`Event ${eventId}: no player effect for ${JSON.stringify(unhandled)}`);
      }
    }
  };
  for (const e of eventById(eventId).structured) apply(e);
}
