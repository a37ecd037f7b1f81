/**
 * Choose a planet before round 1 (R33): the planets the engine lists, each with its name and its
 * rule in short, and one button. The choice stays private until every player has chosen.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Action, type GameState, planetById, type PlayerID } from '../../game';

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
  const { t } = useTranslation('turn');
  const planets = actions.flatMap((a) => (a.type === 'chooseBoard' ? [a.planet] : []));
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = G.step === 'boards' ? G.private[player]?.boardChoice : null;
  if (chosen)
    return <p data-testid="board-chosen">{t('boards.chosen', { name: planetById(chosen).name })}</p>;
  if (planets.length === 0) return null;
  const selected = picked !== null && planets.includes(picked) ? picked : (planets[0] as string);
  return (
    <fieldset className="board-offer" data-testid="board-offer">
      <legend>{t(G.options.boards === 'dealt' ? 'boards.legendDealt' : 'boards.legendFree')}</legend>
      <ul className="cards">
        {planets.map((id) => (
          <li key={id}>
            <label>
              <input
                type="radio"
                name="board-choice"
                checked={selected === id}
                onChange={() => setPicked(id)}
                data-testid={`board-${id}`}
              />
              <span>{t('boards.option', { name: planetById(id).name, rule: t(`boards.rule.${id}`) })}</span>
            </label>
          </li>
        ))}
      </ul>
      <button
        type="button"
        data-action="chooseBoard"
        data-testid="choose-board"
        onClick={() => send({ type: 'chooseBoard', planet: selected })}
      >
        {t('boards.choose', { name: planetById(selected).name })}
      </button>
    </fieldset>
  );
}
