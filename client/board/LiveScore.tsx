/**
 * The viewing player's score if the game ended now (§6.3), part by part, from the engine's scoring
 * of what the player can see: their own planet, tracks, cards and private objectives, and the
 * public boards for shared objectives. Others' hidden End Game cards never enter it.
 */
import { useTranslation } from 'react-i18next';
import type { GameState, PlayerID } from '../../game';
import { liveScore } from './standings';
import './board.css';

interface Props {
  G: GameState;
  /** The viewing seat. */
  player: PlayerID;
}

const PARTS = ['planet', 'tracks', 'lifepods', 'meteorites', 'civ'] as const;

export function LiveScore({ G, player }: Props) {
  const { t } = useTranslation('board');
  const score = liveScore(G, player);
  if (!score) return null;
  const rows: { key: string; value: number }[] = [
    ...PARTS.map((key) => ({ key, value: score.breakdown[key] })),
    { key: 'neighbour', value: score.neighbour },
    { key: 'private', value: score.private },
  ];
  return (
    <section className="board-panel live-score" data-testid="live-score" aria-labelledby="live-score-title">
      <h2 id="live-score-title">{t('score.title')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('score.part')}</th>
            <th scope="col" className="num">
              {t('score.medals')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{t(`score.${r.key}`)}</th>
              <td className="num" data-testid={`live-score-${r.key}`}>
                {r.value}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('score.total')}</th>
            <td className="num" data-testid="live-score-total">
              <strong>{score.total}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="small">
        {t('score.note')}
        {score.draft ? ` ${t('score.draftNote')}` : ''}
      </p>
    </section>
  );
}
