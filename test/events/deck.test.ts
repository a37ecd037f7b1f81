/**
 * The event deck as a whole: the last card (§6.1 C), civ picks (R3), undo (R4), multiplayer decks
 * (R20), round rules ending with the round.
 */
import { describe, expect, it } from 'vitest';
import { EVENTS, tileById } from '../../game/data';
import { eventById, roundRulesOf, rulesInForce } from '../../game/content/events';
import {
  legalTilePlacements,
  placementCells,
  placementContext,
  type Placement,
} from '../../game/rules/legality';
import { setupGame } from '../../game/rules/setup';
import { EVENT_PRESETS, matchOptionsFrom, type EventPreset } from '../../game/setup-data';
import { KSB, SOLO_ONLY, NEXT, clone, withEvents, reveal, kinds, nextRoundTop, seeded } from './support';

describe('events across the deck (§3.4, §6.1, §7.3)', () => {
  it('the last card revealed makes its round the final one (§6.1 C)', () => {
    const g = reveal(withEvents().depot('0', { small: 'i-biomass-civ' }), NEXT, []);
    expect(g.state.eventsLeft).toBe(0);
    expect(g.state.endTriggers).toEqual(['eventsExhausted']);
    g.take('0').place('0', 0, 11, 5).resolveAdvances('0').confirm('0');
    expect(g.state.step).toBe('over');
    expect(g.state.result?.endReasons).toEqual(['eventsExhausted']);
    expect(g.state.result?.rounds).toBe(1);
    expect(g.state.result?.solo).toBeDefined();

    const h = reveal(withEvents(), NEXT, [NEXT]);
    expect(h.state.endTriggers).toEqual([]); // one left: not yet
  });

  it('R4: undo back to the start of the turn restores the event’s pending items and what they changed', () => {
    const s = withEvents()
      .tile('0', 'i-water-rover-M', { orientation: 0, x: 11, y: 5 })
      .rover('0', 0, [11, 6])
      .tracker('0', 'civ', 2)
      .depot('0', { small: 'i-biomass-civ' });
    s.board('0').meteorites = [];
    const g = reveal(s, 95);
    const start = clone(g.draft('0'));
    g.resolve('0', 'eventMeteorite', { x: 11, y: 6 });
    g.take('0').place('0', 0, 10, 5).resolveAdvances('0');
    expect(g.draft('0').board.rovers[0]?.destroyed).toBe(true);
    while (g.state.private['0']?.turn?.steps.length) g.act('0', { type: 'undo' });
    expect(g.draft('0')).toEqual(start);
    expect(kinds(g)).toEqual(['eventMeteorite']);
    expect(g.refusal('0', { type: 'undo' })).toEqual({ code: 'reason.nothingToUndo', rule: 'R4' });
    // Restart from anywhere does the same.
    g.resolve('0', 'eventMeteorite', { x: 11, y: 6 }).take('0');
    g.act('0', { type: 'restart' });
    expect(g.draft('0')).toEqual(start);
  });

  it('R20: multiplayer decks never hold a solo-only card; solo decks may', () => {
    let soloSeen = false;
    for (const n of [1, 2, 3, 4, 5, 6]) {
      for (const preset of Object.keys(EVENT_PRESETS) as EventPreset[]) {
        for (const seed of [1, 2, 3]) {
          const options = matchOptionsFrom(n, { events: preset });
          expect(options.events).toEqual({ ...EVENT_PRESETS[preset], preset });
          const ids = Array.from({ length: n }, (_, i) => String(i));
          const st = setupGame(ids, options, seeded(seed * 10 + n));
          const deck = [...st.hidden.eventDeck, ...(st.event ? [st.event.id] : [])];
          expect(deck).toHaveLength(20);
          expect(new Set(deck).size).toBe(20);
          const colours = { green: 0, orange: 0, red: 0 };
          for (const id of deck) colours[eventById(id).color as keyof typeof colours]++;
          expect(colours).toEqual(EVENT_PRESETS[preset]);
          if (n > 1) expect(deck.filter((id) => SOLO_ONLY.includes(id))).toEqual([]);
          else soloSeen ||= deck.some((id) => SOLO_ONLY.includes(id));
        }
      }
    }
    expect(soloSeen).toBe(true);
    expect(EVENTS.filter((e) => e.soloOnly).map((e) => e.id)).toEqual(SOLO_ONLY);
  });

  it('round rules stop when the next round starts: under 103 no edge in round 1, the edge is open again in round 2 (§3.4)', () => {
    const s = withEvents().tile('0', 'i-civ-energy', { orientation: 0, x: 11, y: 5 }).depot('0', {
      small: 'i-biomass-civ',
    });
    const g = reveal(s, 103);
    expect(rulesInForce(g.state)).toEqual([{ rule: 'tileMayNotTouchEdge' }]);
    g.take('0');
    expect(g.refusal('0', { type: 'placeTile', orientation: 0, x: 10, y: 6 })).toEqual({
      code: 'reason.eventNoEdge',
      rule: '§4.8',
    }); // (10,7) is edge
    g.place('0', 0, 10, 5).resolveAdvances('0');
    const next = nextRoundTop(g, 'water-rover');
    g.confirm('0');
    expect(g.state.round).toBe(2);
    expect(g.state.event).toEqual({ id: NEXT, round: 2 });
    expect(rulesInForce(g.state)).toEqual(roundRulesOf(NEXT));
    expect(g.draft('0').rules).toEqual(roundRulesOf(NEXT));
    g.take('0');
    expect(g.draft('0').taken?.tileId).toBe(next);
    const ctx = placementContext(g.draft('0').board);
    const onEdge = legalTilePlacements(ctx, next).find((p) =>
      placementCells(tileById(next).shape, p).some((c) => KSB.isEdge[c]),
    );
    expect(onEdge).toBeDefined();
    g.act('0', { type: 'placeTile', ...(onEdge as Placement) });
    expect(g.draft('0').placed).toBe(true);
  });

  // §3.4: each player resolves everything the event triggers before taking a tile. With civ on 2,
  // a regression resolved first leaves civ 1 → 2 after the domino: no milestone, no card.
  it('85 Setback is resolved before the tile is taken (§3.4)', () => {
    const g = reveal(withEvents().tracker('0', 'civ', 2).depot('0', { small: 'i-biomass-civ' }), 85);
    expect(kinds(g)).toEqual(['regress']);
    expect(g.refusalMessage('0', { type: 'takeTile', stack: 'small' })).toEqual({
      code: 'reason.resolveEventFirst',
      rule: '§3.4',
      values: { items: [{ code: 'pending.regress', values: { tracks: ['rover', 'civ'], steps: 1 } }] },
    });
  });
});
