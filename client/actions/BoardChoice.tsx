/**
 * Choose a planet and a corporation before round 1 (R33): the planets and the corporations the
 * engine lists, each with its name and its rule in short (a corporation also with its complexity),
 * and one button that sends the listed pair. The choice stays private until every player has chosen.
 * Until it is sent, the seat's own planet and corporation board show the pair selected (a preview:
 * its planet with its printed lifepods, the corporation board of the side chosen).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Action, corporationById, type GameState, planetById, type PlayerID } from '../../game';
import { setBoardPreview } from '../board/board-preview';

type BoardPick = Extract<Action, { type: 'chooseBoard' }>;

const distinct = (ids: string[]) => [...new Set(ids)];

/** The corporation's name in the reader's language: the data holds both. */
function corporationName(id: string, language: string): string {
  const corp = corporationById(id);
  const french = corp.extra.frenchName;
  return language.startsWith('fr') && typeof french === 'string' ? french : corp.name;
}

export function BoardChoice({
  G,
  player,
  actions,
  send,
}: {
  G: GameState;
  player: PlayerID;
  actions: Action[];
  send(a: Action): void;
}) {
  const { t, i18n } = useTranslation('turn');
  const picks = actions.filter((a): a is BoardPick => a.type === 'chooseBoard');
  const planets = distinct(picks.map((a) => a.planet));
  const corporations = distinct(picks.map((a) => a.corporation));
  const [pickedPlanet, setPickedPlanet] = useState<string | null>(null);
  const [pickedCorporation, setPickedCorporation] = useState<string | null>(null);
  const own = G.step === 'boards' ? G.private[player] : undefined;
  const offered = picks.length > 0 && !own?.boardChoice;
  const planet =
    pickedPlanet !== null && planets.includes(pickedPlanet) ? pickedPlanet : (planets[0] ?? null);
  const corporation =
    pickedCorporation !== null && corporations.includes(pickedCorporation)
      ? pickedCorporation
      : (corporations[0] ?? null);
  // The seat's own board previews the selection while the offer is open, then the pair chosen
  // until the boards are revealed (the table's state still holds the symmetric sides meanwhile).
  const chosenPlanet = own?.boardChoice ?? null;
  const chosenCorporation = own?.corporationChoice ?? G.boards[player]?.corporation ?? null;
  const shown = chosenPlanet
    ? { planet: chosenPlanet, corporation: chosenCorporation, chosen: true }
    : { planet: offered ? planet : null, corporation: offered ? corporation : null, chosen: false };
  useEffect(() => {
    if (shown.planet === null || shown.corporation === null) return;
    setBoardPreview({ player, planet: shown.planet, corporation: shown.corporation, chosen: shown.chosen });
    return () => setBoardPreview(null);
  }, [player, shown.planet, shown.corporation, shown.chosen]);
  if (own?.boardChoice) {
    const corporation = own.corporationChoice ?? G.boards[player]?.corporation;
    return (
      <p data-testid="board-chosen">
        {t('boards.chosen', {
          planet: planetById(own.boardChoice).name,
          corporation: corporation ? corporationName(corporation, i18n.language) : '',
        })}
      </p>
    );
  }
  if (planet === null || corporation === null) return null;
  // The pair sent is one the engine listed: never one put together here.
  const listed = picks.find((a) => a.planet === planet && a.corporation === corporation);
  return (
    <fieldset className="board-offer" data-testid="board-offer">
      <legend>{t(G.options.boards === 'dealt' ? 'boards.legendDealt' : 'boards.legendFree')}</legend>
      <fieldset data-testid="board-planets">
        <legend>{t('boards.planets')}</legend>
        <ul className="cards">
          {planets.map((id) => (
            <li key={id}>
              <label>
                <input
                  type="radio"
                  name="board-planet"
                  checked={planet === id}
                  onChange={() => setPickedPlanet(id)}
                  data-testid={`board-${id}`}
                />
                <span>{t('boards.option', { name: planetById(id).name, rule: t(`boards.rule.${id}`) })}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset data-testid="board-corporations">
        <legend>{t('boards.corporations')}</legend>
        <ul className="cards">
          {corporations.map((id) => (
            <li key={id}>
              <label>
                <input
                  type="radio"
                  name="board-corporation"
                  checked={corporation === id}
                  onChange={() => setPickedCorporation(id)}
                  data-testid={`corporation-${id}`}
                />
                <span>
                  {t('boards.corporationOption', {
                    name: corporationName(id, i18n.language),
                    complexity: corporationById(id).complexity,
                    rule: t(`boards.corporationRule.${id}`),
                  })}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="small board-preview-note" data-testid="board-preview-note" role="status">
        {t('boardPreview.note', {
          planet: planetById(planet).name,
          corporation: corporationName(corporation, i18n.language),
        })}
      </p>
      <button
        type="button"
        data-action="chooseBoard"
        data-testid="choose-board"
        disabled={!listed}
        onClick={() => listed && send(listed)}
      >
        {t('boards.choose', {
          planet: planetById(planet).name,
          corporation: corporationName(corporation, i18n.language),
        })}
      </button>
    </fieldset>
  );
}
