// @vitest-environment jsdom
/**
 * Pass-and-play privacy: while nobody holds the shared screen, the table is built from the first
 * person's view with their own secrets stripped again. No End Game card, private objective or turn
 * in progress of any player may reach it, the first person's included.
 */
import { describe, expect, it } from 'vitest';
import type { GameState, PrivateState } from '../../game/core/types';
import { CIV_CARDS, objectiveById } from '../../game/data';
import { playerView } from '../../game/view';
import { GameView } from '../../client/table/GameView';
import { civCardLabel } from '../../client/i18n/labels';
import { publicView } from '../../client/local/seat-view';
import { domPerTest } from './dom';
import { scenario } from '../support/scenario';

const dom = domPerTest('en');

const [endGame0, endGame1] = CIV_CARDS.filter((c) => c.timing === 'endGame').map((c) => c.id) as [
  number,
  number,
];
const secretObjectives = { '0': [61], '1': [63] };

/** Two people mid-game: each holds an End Game card and a private objective; Ada's turn is in progress. */
function table(): GameState {
  const g = scenario({ players: 2 }).civCards('0', endGame0).civCards('1', endGame1).start();
  const take = g.legal('0').find((a) => a.type === 'takeTile');
  if (!take) throw new Error('No tile to take');
  g.act('0', take);
  for (const [p, cards] of Object.entries(secretObjectives))
    (g.state.private[p] as PrivateState).objectives = cards;
  return g.state;
}

const names = { '0': 'Ada', '1': 'Bea' };
const secrets = [
  civCardLabel(endGame0),
  civCardLabel(endGame1),
  ...Object.values(secretObjectives).flatMap((ids) => ids.map((id) => objectiveById(id).private.name)),
];

function shownText(G: GameState): string {
  dom.render(<GameView G={G} player={null} names={names} send={() => {}} />);
  return dom.host.textContent ?? '';
}

describe('the screen nobody holds', () => {
  it('strips the first person’s own End Game cards, private objectives and turn in progress', () => {
    const own = playerView(table(), '0');
    // The first person's own view still has them: that is what must not be shown to everyone.
    expect(own.boards['0']?.civCards.some((c) => c.timing === 'endGame' && c.id !== null)).toBe(true);
    expect(own.private['0']?.objectives).toEqual([61]);
    expect(own.private['0']?.turn).not.toBeNull();

    const shared = publicView(own);
    for (const p of shared.playerIDs) {
      expect(shared.boards[p]?.civCards.filter((c) => c.timing === 'endGame')).toEqual([
        expect.objectContaining({ id: null }),
      ]);
      expect(shared.private[p]).toMatchObject({ turn: null, objectives: [], objectiveOffer: null });
    }
    // The same as a spectator's view of the full state.
    expect(shared).toEqual(playerView(table(), null));
  });

  it('shows no End Game card or private objective of any player on screen', () => {
    const own = playerView(table(), '0');
    // The old public view (the first person's own) did show their card: the check is not vacuous.
    expect(shownText(own)).toContain(civCardLabel(endGame0));
    const text = shownText(publicView(own));
    expect(text).toContain('hidden End Game card');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('still shows End Game cards once the end-game phase reveals them', () => {
    const s = table();
    s.step = 'endgame';
    const text = shownText(publicView(playerView(s, '0')));
    expect(text).toContain(civCardLabel(endGame0));
    expect(text).toContain(civCardLabel(endGame1));
  });
});
