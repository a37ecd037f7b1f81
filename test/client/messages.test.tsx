// @vitest-environment jsdom
/**
 * The engine's messages rendered from their codes in English and French: values translated by
 * their name, nested pending gains, civ cards and objectives by their names, rovers and squares as
 * the board numbers them, and the rule reference behind a "why?" rather than in the sentence.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { message, refuse, type Message } from '../../game/core/messages';
import type { Action, PendingItem, PrivateState } from '../../game/core/types';
import { applyAction } from '../../game/engine';
import { pendingLabel } from '../../game/rules/pending';
import { playerView } from '../../game/view';
import { objectiveById } from '../../game/data';
import { contentText } from '../../client/i18n/content-text';
import { i18next, setLanguage } from '../../client/i18n';
import { MessageText, messageText, useMessages } from '../../client/i18n/messages';
import { MyTurn } from '../../client/actions/MyTurn';
import { PendingControls } from '../../client/actions/PendingControls';
import { domPerTest } from './dom';
import { scenario } from '../support/scenario';
// The table loads the rules' texts with its Rules panel; the "why?" names their section.
import '../../client/rules/RulesPanel';

const dom = domPerTest('en');
const en = i18next.getFixedT('en') as TFunction;
const fr = i18next.getFixedT('fr') as TFunction;
const both = (m: Message) => [messageText(m, en), messageText(m, fr)];
const send = (_: Action) => undefined;

const synergy: PendingItem = { id: 1, kind: 'synergy' };
const water2: PendingItem = { id: 2, kind: 'advance', track: 'water', steps: 2, source: 'tile' };
const energy: PendingItem = { id: 3, kind: 'energy', options: ['civ', 'tech'] };

describe('message texts', () => {
  it("names planets, corporations and shared objectives in the reader's language (stored English names too)", () => {
    const chose = message('log.choseBoard', { planet: 'gaia', corporation: 'oasis-ultd' });
    const [english, french] = both(chose);
    expect(english).toContain(contentText(en).planetName('gaia'));
    expect(english).toContain(contentText(en).corporationName('oasis-ultd'));
    expect(french).toContain(contentText(fr).corporationName('oasis-ultd'));
    expect(messageText(message('log.choseBoard', { planet: 'Gaia', corporation: 'Oasis Ultd.' }), fr)).toBe(
      french,
    );
    const card = objectiveById(37);
    const shared = message('log.sharedObjective', { objective: card.neighbor.name });
    expect(messageText(shared, fr)).toContain(contentText(fr).objectiveName(37, 'neighbor'));
  });

  it('renders a refusal with values in both languages, without its rule', () => {
    expect(both(refuse('reason.trackAtTop', { track: 'water' }, '§5.3'))).toEqual([
      'Your water tracker cannot advance: it is at the top.',
      'Votre cube Eau ne peut pas avancer\u202f: il est en haut de sa piste.',
    ]);
    expect(both(refuse('reason.stackEmpty', { stack: 'large' }))).toEqual([
      'The large stack of your depot is empty.',
      'La pile de grandes tuiles de votre Dépôt est vide.',
    ]);
    expect(both(refuse('reason.chooseToMoveDown', { options: ['civ', 'tech'] }))).toEqual([
      'Choose one of civ/tech to move down.',
      'Choisissez le cube à faire reculer parmi\u202f: Civ/Tech.',
    ]);
  });

  it('shows squares as the board numbers them (column and row), rovers counted from 1', () => {
    expect(both(refuse('reason.notReachable', { x: 4, y: 6, fromX: 0, fromY: 11 }, '§5.10'))).toEqual([
      'A rover moves one orthogonal step at a time onto planet squares; column 4, row 6 is not reachable from column 0, row 11.',
      "Un Rover se déplace d'une case à la fois, sans diagonale, sur les cases de la Planète\u202f; colonne 4, ligne 6 n'est pas accessible depuis colonne 0, ligne 11.",
    ]);
    // A hole of Lacuna, or outside the planet: said as a player says it, not as "not a square".
    expect(both(refuse('reason.notPlanetSquare', { x: 7, y: 8 }, '§4.4'))).toEqual([
      'The square at column 7, row 8 is outside your planet or a hole in it: nothing can go there.',
      'La case en colonne 7, ligne 8 est hors de votre Planète ou dans un de ses trous\u202f: rien ne peut y aller.',
    ]);
    expect(both(refuse('reason.noRover', { rover: 2 }))).toEqual([
      'You have no rover 3.',
      "Vous n'avez pas de Rover 3.",
    ]);
  });

  it('renders a nested list of pending gains, each from its own code', () => {
    const m = refuse(
      'reason.resolvePendingFirst',
      { items: [synergy, water2, energy].map(pendingLabel) },
      '§3.7',
    );
    expect(both(m)).toEqual([
      'Resolve your pending gains first: synergy boost, water +2, energy (civ/tech).',
      "Résolvez d'abord vos gains en attente\u202f: bonus de Synergie, Eau +2, Énergie (Civ/Tech).",
    ]);
    expect(both(pendingLabel({ id: 4, kind: 'collect', item: 'meteorite', count: 2 }))).toEqual([
      'collect up to 2 meteorite(s)',
      "récupérer une Météorite (jusqu'à 2)",
    ]);
  });

  it('names civ cards and objectives in the reader’s language', () => {
    expect(both(message('log.took', { card: 'Temp Agency', cardId: 1 }))).toEqual([
      'took Temp Agency',
      "a pris Agence d'intérim",
    ]);
    expect(both(refuse('reason.pickOfRank', { rank: 1, cards: [1, 3] }, '§5.7'))[1]).toContain(
      "Agence d'intérim",
    );
    const keep = both(refuse('reason.keepExactly', { keep: 1, cards: [37, 42] }, '§7.2'));
    expect(keep[1]).toContain('Projet Complexe');
    expect(keep[1]).toContain('Projet Volta');
    // A bot's hint names an objective by its English name, of either face.
    const ahead = message('hint.pullsAhead', { objective: objectiveById(40).neighbor.name });
    expect(messageText(ahead, fr)).toBe(
      `prend l'avantage sur « ${contentText(fr).objectiveName(40, 'neighbor')} »`,
    );
    expect(messageText(ahead, fr)).not.toContain(objectiveById(40).neighbor.name);
  });

  it('shows an unknown code as the code rather than nothing', () => {
    expect(messageText({ code: 'reason.noSuchThing' } as unknown as Message, fr)).toBe('reason.noSuchThing');
  });
});

describe('<MessageText>', () => {
  it('puts the rule behind a "why?" in the player’s language', () => {
    setLanguage('fr');
    dom.render(<MessageText message={refuse('reason.firstTileEdge', undefined, '§4.3')} />);
    const why = dom.host.querySelector('button.why') as HTMLButtonElement;
    expect(dom.host.textContent).toBe(
      'Votre première tuile doit recouvrir au moins une case du bord de la Planète. pourquoi\u202f?',
    );
    expect(why.getAttribute('aria-expanded')).toBe('false');
    expect(why.title).toBe('Règle §4.3');
    act(() => why.click());
    expect(why.getAttribute('aria-expanded')).toBe('true');
    const rule = document.getElementById(why.getAttribute('aria-controls') ?? '');
    // The reference, and a link to the section of the rules that explains it (learn to play).
    expect(rule?.textContent).toBe('Règle §4.3 · Poser une tuile');
    expect(rule?.querySelector('a')?.getAttribute('href')).toBe('#/rules/placing');
    act(() => setLanguage('en'));
    expect(why.title).toBe('Rule §4.3');
    expect(rule?.textContent).toBe('Rule §4.3 · Placing a tile');
    expect(dom.host.textContent).toContain(
      'Your first tile must cover at least one edge square of the planet.',
    );
  });

  it('offers no "why?" when no rule decides the message', () => {
    dom.render(<MessageText message={refuse('reason.noTileToPlace')} />);
    expect(dom.host.querySelector('button')).toBeNull();
    expect(dom.host.textContent).toBe('There is no tile to place now.');
  });

  it('re-renders text from useMessages when the language changes', () => {
    function Line() {
      return <p data-testid="line">{useMessages().text(message('log.placed', { tile: 12 }))}</p>;
    }
    dom.render(<Line />);
    // A tile by its terrains, as the player sees it, never by the engine's number.
    expect(dom.byTestId('line')?.textContent).toBe('placed a tile (Energy and Civilisation)');
    act(() => setLanguage('fr'));
    expect(dom.byTestId('line')?.textContent).toMatch(/^a posé une tuile \(Énergie et Civ/);
  });

  it("shows the engine's refusal of a move and the pending gains from their codes", () => {
    const s = scenario({ players: 1 }).start().state;
    const reason = applyAction(structuredClone(s), '0', { type: 'confirm' });
    expect(reason).toMatchObject({ code: 'reason.takeTileFirst', rule: '§3.5' });
    (s.private['0'] as PrivateState).rejection = { serial: 1, action: 'confirm', reason: reason! };
    setLanguage('fr');
    dom.render(<MyTurn G={playerView(s, '0')} player="0" name="Ada" send={send} />);
    const shown = dom.byTestId('rejection');
    expect(shown?.textContent).toBe(
      "Interdit (valider le tour)\u202f: Prenez d'abord une tuile de votre Dépôt. pourquoi\u202f?",
    );
    expect(shown?.querySelector('button.why')?.getAttribute('title')).toBe('Règle §3.5');

    dom.render(
      <PendingControls
        pending={[synergy, water2]}
        actions={[]}
        send={send}
        gridItem={null}
        selectGridItem={() => undefined}
        extraStack={null}
        setExtraStack={() => undefined}
        teleportRover={null}
        setTeleportRover={() => undefined}
        depotTops={{ small: null, large: null }}
      />,
    );
    expect(dom.byTestId('pending-1')?.querySelector('.item')?.textContent).toBe('Bonus de Synergie');
    expect(dom.byTestId('pending-2')?.querySelector('.item')?.textContent).toBe('Eau +2');
  });
});
