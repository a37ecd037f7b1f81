/**
 * The end of the game (§6): every player's score as a stacked bar per category with the numbers
 * written out, the winners with ties settled per R23 (§6.5), the solo target and epilogue (§7.4),
 * each objective, civ card and track as the engine scored it, and the match record to download.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type GameResult, type GameState, type PlayerScore, type ScoreBreakdown, TRACKS } from '../../game';
import { useContentText } from '../i18n/content-text';
import { civCardLabel, playerName, trackName } from '../i18n/labels';
import { SeatBadge } from './seat-colours';
import { objectiveResults } from './standings';

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
  G,
  names,
  record,
  actions,
}: {
  result: GameResult;
  /** The finished game, for the breakdowns by objective, civ card and track; without it, categories only. */
  G?: GameState;
  names?: Record<string, string | undefined>;
  /** The match record to offer as a download (JSON), sync or async; no button without it. */
  record?: () => unknown;
  /** What the page offers next (an online match: play again), under the winners. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('end');
  const tie = tieNote(result);
  const ranked = [...result.scores].sort((a, b) => a.rank - b.rank);
  // The last confirm removes the turn's controls: the focus goes to the result, not to the page.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) title.current?.focus();
  }, []);
  return (
    <section className="scores panel" data-testid="scoreboard" aria-labelledby="scores-title">
      <h2 id="scores-title" tabIndex={-1} ref={title}>
        {t('title')}
      </h2>
      {/* Solo has no winner but the target (§7.4): its epilogue says how the game went. */}
      {!result.solo && (
        <p data-testid="winners" className="winners">
          {t(result.winners.length > 1 ? 'winnersLabel' : 'winnerLabel')}{' '}
          {result.winners.map((p, k) => (
            <span key={p}>
              {k > 0 ? ', ' : ''}
              <SeatBadge seat={p} name={playerName(p, names)} />
            </span>
          ))}
        </p>
      )}
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
      {record && <RecordDownload record={record} />}
      {result.solo && <SoloEpilogue result={result} />}
      <ScoreChart scores={ranked} names={names} />
      {/* It scrolls sideways on a phone: a tab stop, named by its caption. */}
      <table className="score-table" tabIndex={0}>
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
              <th scope="row">
                <SeatBadge seat={s.player} name={playerName(s.player, names)} />
              </th>
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
      {G && <Breakdowns G={G} scores={result.scores} names={names} />}
    </section>
  );
}

/**
 * The tables under the categories, each from the engine's card-by-card detail of the scores: by
 * objective, by civ card, by track; players as columns, each part's total at the foot.
 */
function Breakdowns({
  G,
  scores,
  names,
}: {
  G: GameState;
  scores: PlayerScore[];
  names?: Record<string, string | undefined>;
}) {
  const { t } = useTranslation('end');
  const content = useContentText();
  const players = scores.filter((s) => G.boards[s.player]);
  const head = (
    <thead>
      <tr>
        <td />
        {players.map((s) => (
          <th scope="col" key={s.player}>
            <SeatBadge seat={s.player} name={playerName(s.player, names)} />
          </th>
        ))}
      </tr>
    </thead>
  );
  const foot = (category: Category) => (
    <tfoot>
      <tr>
        <th scope="row">{t(`categories.${category}`)}</th>
        {players.map((s) => (
          <td key={s.player} data-testid={`by-${category}-${s.player}-total`}>
            <strong>{s.breakdown[category]}</strong>
          </td>
        ))}
      </tr>
    </tfoot>
  );
  const objectives = objectiveResults(players, G);
  return (
    <div className="score-details" data-testid="score-details">
      <div className="table-scroll" role="region" tabIndex={0} aria-label={t('byObjective.caption')}>
        <table className="score-table" data-testid="by-objective">
          <caption>{t('byObjective.caption')}</caption>
          {head}
          <tbody>
            {objectives.length === 0 && (
              <tr>
                <td colSpan={players.length + 1}>{t('byObjective.none')}</td>
              </tr>
            )}
            {objectives.map((o) => {
              const kind = o.shared ? 'neighbor' : 'private';
              return (
                <tr key={`${kind}-${o.card}-${o.entries[0]?.player ?? ''}`}>
                  <th scope="row">
                    {o.shared
                      ? content.objectiveName(o.card, kind)
                      : t('byObjective.private', { name: content.objectiveName(o.card, kind) })}
                  </th>
                  {players.map(({ player: p }) => {
                    const entry = o.entries.find((e) => e.player === p);
                    return (
                      <td key={p} data-testid={`by-objective-${kind}-${o.card}-${p}`}>
                        {!entry ? (
                          <span aria-label={t('byObjective.notInvolved')}>–</span>
                        ) : (
                          <>
                            <strong>{entry.medals}</strong>
                            {entry.value !== undefined && (
                              <span className="small"> {t('byObjective.count', { value: entry.value })}</span>
                            )}
                            {!o.shared && (
                              <span className="small">
                                {' '}
                                {t(entry.medals > 0 ? 'byObjective.met' : 'byObjective.notMet')}
                              </span>
                            )}
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
          {foot('objectives')}
        </table>
      </div>
      <div className="table-scroll" role="region" tabIndex={0} aria-label={t('byCiv.caption')}>
        <table className="score-table" data-testid="by-civ">
          <caption>{t('byCiv.caption')}</caption>
          {head}
          <tbody>
            <tr>
              <th scope="row">{t('byCiv.scored')}</th>
              {players.map((s) => {
                const entries = s.detail.civCards;
                return (
                  <td key={s.player} data-testid={`by-civ-${s.player}`}>
                    {entries.length === 0 ? (
                      <span className="small">{t('byCiv.none')}</span>
                    ) : (
                      <ul className="civ-held">
                        {entries.map((e) => (
                          <li key={e.cards.join('+')}>
                            {t('byCiv.entry', {
                              cards: e.cards.map((id) => content.civName(id)).join(' + '),
                              count: e.medals,
                            })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
            <tr>
              <th scope="row">{t('byCiv.others')}</th>
              {players.map((s) => {
                const scored = new Set(s.detail.civCards.flatMap((e) => e.cards));
                const others = (G.boards[s.player]?.civCards ?? []).flatMap((c) =>
                  c.id === null || scored.has(c.id) ? [] : [c.id],
                );
                return (
                  <td key={s.player} className="small" data-testid={`by-civ-${s.player}-others`}>
                    {others.length === 0 ? t('byCiv.none') : others.map((id) => civCardLabel(id)).join('; ')}
                  </td>
                );
              })}
            </tr>
          </tbody>
          {foot('civ')}
        </table>
      </div>
      <div className="table-scroll" role="region" tabIndex={0} aria-label={t('byTrack.caption')}>
        <table className="score-table" data-testid="by-track">
          <caption>{t('byTrack.caption')}</caption>
          {head}
          <tbody>
            {TRACKS.map((track) => (
              <tr key={track}>
                <th scope="row">{trackName(track)}</th>
                {players.map((s) => (
                  <td key={s.player} data-testid={`by-track-${track}-${s.player}`}>
                    <strong>{s.detail.tracks[track]}</strong>{' '}
                    <span className="small">
                      {t('byTrack.level', { level: G.boards[s.player]?.trackers[track].row ?? 0 })}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {foot('tracks')}
        </table>
      </div>
    </div>
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
              <strong>
                <SeatBadge seat={s.player} name={name} />
              </strong>{' '}
              {t('points', { total: s.total })}
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
