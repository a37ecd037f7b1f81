/**
 * The end of the game (§6): every player's score as a stacked bar per category with the numbers
 * written out, the winners with ties settled per R23 (§6.5), the solo target and epilogue (§7.4),
 * and the match record to download.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameResult, PlayerScore, ScoreBreakdown } from '../../game';
import { useContentText } from '../i18n/content-text';
import { playerName } from '../i18n/labels';

export const CATEGORIES = ['planet', 'tracks', 'lifepods', 'meteorites', 'civ', 'objectives'] as const;
type Category = (typeof CATEGORIES)[number];

/** How a tie on points was settled, for the line under the winners (§6.5, R23). */
export function tieNote(result: GameResult): 'shared' | 'broken' | null {
  const best = Math.max(...result.scores.map((s) => s.total));
  const tiedOnPoints = result.scores.filter((s) => s.total === best).length;
  if (tiedOnPoints < 2) return null;
  return result.winners.length > 1 ? 'shared' : 'broken';
}

export function ScoreBoard({
  result,
  names,
  record,
  actions,
}: {
  result: GameResult;
  names?: Record<string, string | undefined>;
  /** The match record to offer as a download (JSON), sync or async; no button without it. */
  record?: () => unknown;
  /** What the page offers next (an online match: play again), under the winners. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('end');
  const tie = tieNote(result);
  const winners = result.winners.map((p) => playerName(p, names)).join(', ');
  const ranked = [...result.scores].sort((a, b) => a.rank - b.rank);
  return (
    <section className="scores panel" data-testid="scoreboard" aria-labelledby="scores-title">
      <h2 id="scores-title">{t('title')}</h2>
      <p data-testid="winners" className="winners">
        {t(result.winners.length > 1 ? 'winnersLine' : 'winnerLine', { names: winners })}
      </p>
      {actions}
      {tie && (
        <p className="small" data-testid="tie-note">
          {t(`tie.${tie}`)}
        </p>
      )}
      <p className="small">
        {t('ended', {
          rounds: result.rounds,
          reasons: result.endReasons.map((r) => t(`reasons.${r}`)).join(t('and')),
        })}
      </p>
      {result.solo && <SoloEpilogue result={result} />}
      <ScoreChart scores={ranked} names={names} />
      <table className="score-table">
        <caption>{t('tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rank')}</th>
            <th scope="col">{t('player')}</th>
            {CATEGORIES.map((c) => (
              <th scope="col" key={c}>
                {t(`categories.${c}`)}
              </th>
            ))}
            <th scope="col">{t('total')}</th>
          </tr>
        </thead>
        <tbody>
          {ranked.map((s) => (
            <tr key={s.player} data-testid={`score-${s.player}`}>
              <td>{s.rank}</td>
              <th scope="row">{playerName(s.player, names)}</th>
              {CATEGORIES.map((c) => (
                <td key={c} data-testid={`score-${s.player}-${c}`}>
                  {s.breakdown[c]}
                </td>
              ))}
              <td data-testid={`score-${s.player}-total`}>
                <strong>{s.total}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {record && <RecordDownload record={record} />}
    </section>
  );
}

function SoloEpilogue({ result }: { result: GameResult }) {
  const { t } = useTranslation('end');
  const content = useContentText();
  const solo = result.solo;
  const total = result.scores[0]?.total ?? 0;
  if (!solo) return null;
  return (
    <div className="solo" data-testid="solo-epilogue">
      <p>
        {t('solo.line', { total, target: solo.target })}{' '}
        <strong>
          {t(solo.margin >= 0 ? 'solo.above' : 'solo.below', { margin: Math.abs(solo.margin) })}
        </strong>
      </p>
      {solo.epilogue && <blockquote>{content.epilogue(solo.epilogue)}</blockquote>}
    </div>
  );
}

/**
 * One stacked bar per player, as wide as the best total; each category a segment with its own
 * colour and hatching and its number written in or beside it. Negative points are listed after the
 * bar (they cannot stack).
 */
function ScoreChart({
  scores,
  names,
}: {
  scores: PlayerScore[];
  names?: Record<string, string | undefined>;
}) {
  const { t } = useTranslation('end');
  const positive = (b: ScoreBreakdown) => CATEGORIES.reduce((sum, c) => sum + Math.max(0, b[c]), 0);
  const breakdownText = (b: ScoreBreakdown, separator: string) =>
    CATEGORIES.map((c) => `${t(`categories.${c}`)} ${b[c]}`).join(separator);
  const widest = Math.max(1, ...scores.map((s) => positive(s.breakdown)));
  return (
    <figure className="score-chart" data-testid="score-chart">
      <figcaption>{t('chartCaption')}</figcaption>
      <ul className="legend" aria-hidden="true">
        {CATEGORIES.map((c) => (
          <li key={c}>
            <span className={`swatch-box cat-${c}`} /> {t(`categories.${c}`)}
          </li>
        ))}
      </ul>
      {scores.map((s) => {
        const name = playerName(s.player, names);
        const negatives = CATEGORIES.filter((c) => s.breakdown[c] < 0);
        return (
          <div key={s.player} className="chart-row" data-testid={`chart-${s.player}`}>
            <div className="chart-label">
              <strong>{name}</strong> {t('points', { total: s.total })}
            </div>
            <div
              className="bar"
              role="img"
              aria-label={t('barLabel', { name, total: s.total, parts: breakdownText(s.breakdown, ', ') })}
            >
              {CATEGORIES.filter((c) => s.breakdown[c] > 0).map((c) => (
                <Segment key={c} category={c} value={s.breakdown[c]} widest={widest} player={s.player} />
              ))}
            </div>
            <p className="chart-text small" data-testid={`chart-${s.player}-text`}>
              {breakdownText(s.breakdown, ' · ')}
              {negatives.length > 0 ? ` (${t('negative')})` : ''}
            </p>
          </div>
        );
      })}
    </figure>
  );
}

function Segment({
  category,
  value,
  widest,
  player,
}: {
  category: Category;
  value: number;
  widest: number;
  player: string;
}) {
  return (
    <span
      className={`segment cat-${category}`}
      style={{ width: `${(100 * value) / widest}%` }}
      data-testid={`chart-${player}-${category}`}
    >
      {value}
    </span>
  );
}

function RecordDownload({ record }: { record: () => unknown }) {
  const { t } = useTranslation('end');
  const [state, setState] = useState<'idle' | 'busy' | 'done' | { error: string }>('idle');
  const download = async () => {
    setState('busy');
    try {
      const data = await record();
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `planet-unknown-${new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-')}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      URL.revokeObjectURL(url);
      setState('done');
    } catch (err) {
      setState({ error: err instanceof Error ? err.message : String(err) });
    }
  };
  return (
    <p className="record">
      <button
        type="button"
        data-testid="download-record"
        disabled={state === 'busy'}
        onClick={() => void download()}
      >
        {t('download')}
      </button>{' '}
      <span role="status" className="small">
        {state === 'done' ? t('downloaded') : ''}
      </span>
      {typeof state === 'object' && (
        <span className="alert" role="alert">
          {t('downloadFailed', { reason: state.error })}
        </span>
      )}
    </p>
  );
}
