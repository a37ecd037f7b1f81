/**
 * The shared (neighbour) objectives with each involved player's count and who is ahead (§6.3 F),
 * and the viewer's own private objectives, met or not yet (§7.2). Public data only, plus the
 * viewer's own.
 */
import { useTranslation } from 'react-i18next';
import { type GameState, objectiveById, type PlayerID } from '../../game';
import { useContentText } from '../i18n/content-text';
import { playerName } from '../i18n/labels';
import { SeatBadge } from './seat-colours';
import { objectiveStandings, privateObjectiveStatus, visibleBoards } from './standings';
import './board.css';

interface Props {
  G: GameState;
  /** The viewing seat; null for a spectator (no private objective shown). */
  player: PlayerID | null;
  names?: Record<string, string | undefined>;
}

export function ObjectivesPanel({ G, player, names }: Props) {
  const { t } = useTranslation('board');
  const content = useContentText();
  const standings = objectiveStandings(G, player);
  const kept = player === null ? [] : privateObjectiveStatus(G, player);
  const { draft } = visibleBoards(G, player);
  const involved = standings.some((s) => s.entries.some((e) => e.player === player));
  return (
    <section className="board-panel" data-testid="objectives-panel" aria-labelledby="objectives-panel-title">
      <h2 id="objectives-panel-title">{t('objectives.title')}</h2>
      <h3>{t('objectives.neighbour')}</h3>
      {standings.length === 0 ? (
        <p className="small">{t('objectives.none')}</p>
      ) : (
        <ul className="objectives-list">
          {standings.map((s) => {
            const card = objectiveById(s.card).neighbor;
            return (
              <li key={s.card} className="objective-card" data-testid={`objective-standing-${s.card}`}>
                <strong>{content.objectiveName(s.card, 'neighbor')}</strong>:{' '}
                {content.objectiveCondition(s.card, 'neighbor')}{' '}
                <span className="small">
                  ({t(card.direction === 'most' ? 'objectives.most' : 'objectives.fewest')};{' '}
                  {t('objectives.medals', { win: card.win, tie: card.tie })})
                </span>
                <ul>
                  {s.entries.map((e) => (
                    <li
                      key={e.player}
                      className={s.ahead.includes(e.player) ? 'ahead' : undefined}
                      data-testid={`objective-${s.card}-player-${e.player}`}
                      data-value={e.value}
                    >
                      <SeatBadge seat={e.player} markerOnly />{' '}
                      {t('objectives.value', { name: playerName(e.player, names), value: e.value })}
                      {' — '}
                      {t(G.result ? 'objectives.scored' : 'objectives.wouldScore', {
                        name: playerName(e.player, names),
                        count: e.medals,
                      })}
                    </li>
                  ))}
                </ul>
                <p className="small" data-testid={`objective-${s.card}-ahead`}>
                  {s.ahead.length === 0 || s.ahead.length === s.entries.length ? (
                    t('objectives.tied')
                  ) : (
                    <>
                      <span aria-hidden="true">▲ </span>
                      {t('objectives.ahead', {
                        name: s.ahead.map((p) => playerName(p, names)).join(t('objectives.versus')),
                      })}
                    </>
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {draft && involved && <p className="small">{t('objectives.draftNote')}</p>}
      {kept.length > 0 && (
        <section data-testid="private-objectives" aria-labelledby="private-objectives-title">
          <h3 id="private-objectives-title">
            {kept.length === 1 ? t('objectives.private') : t('objectives.privateMany')}
          </h3>
          <ul className="objectives-list">
            {kept.map(({ card: id, met }) => {
              const card = objectiveById(id).private;
              return (
                <li
                  key={id}
                  className="objective-card"
                  data-testid={`private-objective-${id}`}
                  data-met={met}
                >
                  <strong>{content.objectiveName(id, 'private')}</strong>:{' '}
                  {content.objectiveCondition(id, 'private')}
                  <br />
                  <span className={met ? 'ahead' : 'small'}>
                    <span aria-hidden="true">{met ? '✔ ' : '… '}</span>
                    {met
                      ? t('objectives.met', { medals: card.medals })
                      : t('objectives.notMet', { medals: card.medals })}
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="small">{t('objectives.secret')}</p>
        </section>
      )}
    </section>
  );
}
