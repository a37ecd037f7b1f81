// @vitest-environment jsdom
/**
 * Game content and the engine's reasons in French: a civ card offered, an objective (shared and
 * private), the round's event, a refused move, an illegal spot and a log line.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState, PrivateState } from '../../game/core/types';
import { applyAction } from '../../game/engine';
import { message } from '../../game/core/messages';
import { playerView } from '../../game/view';
import { CivOffer } from '../../client/actions/CivOffer';
import { ObjectiveChoice } from '../../client/actions/ObjectiveChoice';
import { ObjectivesPanel } from '../../client/board';
import { EventPanel } from '../../client/table/EventPanel';
import { GameView } from '../../client/table/GameView';
import { MyTurn } from '../../client/actions/MyTurn';
import { EVENT_PRESETS } from '../../game/setup-data';
import { domPerTest } from './dom';
import { scenario } from '../support/scenario';

const dom = domPerTest('fr');

const render = dom.render;
const byTestId = dom.byTestId;
const send = (_: Action) => undefined;

describe('content in French', () => {
  it('shows a civ card offered in French', () => {
    render(<CivOffer offer={{ rank: 1, cards: [1, 3] }} send={send} />);
    expect(byTestId('civ-1')?.textContent).toContain("Agence d'intérim");
    expect(byTestId('civ-card-3')?.textContent).toContain('Gagnez un bloc Biomasse.');
    expect(dom.host.textContent).not.toContain('Temp Agency');
  });

  it('shows objectives in French, to choose and on the table', () => {
    render(<ObjectiveChoice offer={{ cards: [37, 42], keep: 1 }} send={send} />);
    expect(dom.host.textContent).toContain('Projet Complexe');
    expect(dom.host.textContent).toContain('Projet Volta');
    expect(dom.host.textContent).not.toContain('Project: Complex');

    const s = scenario({ players: 2 }).start().state;
    s.objectives = [{ card: 40, players: ['0', '1'] }];
    render(<ObjectivesPanel G={playerView(s, '0')} player="0" />);
    expect(byTestId('objective-standing-40')?.textContent).toContain('Projet Anneau Mondial');
    expect(byTestId('objective-standing-40')?.textContent).toContain('ressources Biomasse sur les bords');
  });

  it("shows the round's event in French", () => {
    const s = scenario({
      players: 1,
      options: { events: { ...EVENT_PRESETS.veteran, preset: 'veteran' } },
    }).start().state;
    s.event = { id: 65, round: s.round };
    render(<EventPanel G={playerView(s, '0')} player="0" />);
    expect(byTestId('event-card')?.textContent).toContain('Rover supplémentaire');
    expect(byTestId('event-card')?.textContent).toContain('Obtenez 1 Rover supplémentaire.');
  });
});

describe('engine reasons in French', () => {
  it('shows a refused move in French', () => {
    const s = scenario({ players: 1 }).start().state;
    const reason = applyAction(structuredClone(s), '0', { type: 'confirm' });
    expect(reason).toMatchObject({ code: 'reason.takeTileFirst', rule: '§3.5' });
    (s.private['0'] as PrivateState).rejection = { serial: 1, action: 'confirm', reason: reason! };
    render(<MyTurn G={playerView(s, '0')} player="0" name="Ada" send={send} />);
    expect(byTestId('rejection')?.textContent).toBe(
      "Interdit (valider le tour)\u202f: Prenez d'abord une tuile de votre Dépôt. pourquoi\u202f?",
    );
  });

  it('shows the log in French', () => {
    const s: GameState = scenario({ players: 1 }).start().state;
    s.log = [
      { round: 1, player: '0', message: message('log.took', { card: 'Temp Agency', cardId: 1 }) },
      { round: 1, message: message('log.gameOver') },
    ];
    render(<GameView G={playerView(s, '0')} player={null} names={{ '0': 'Ada' }} send={send} />);
    const log = byTestId('log')?.textContent ?? '';
    expect(log).toContain("Ada a pris Agence d'intérim");
    expect(log).toContain('la partie est terminée');
  });
});
