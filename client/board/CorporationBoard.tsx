/**
 * A corporation board drawn from its data: one column of squares per track, each square with its
 * rewards, the trackers standing on their squares (they glide when they advance), the medal each
 * track is worth now, and the techs with the ones unlocked. Nothing assumes five straight columns:
 * squares come from each column's levels and a tracker is drawn on the column it actually occupies.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  corporationById,
  type CorporationData,
  isAtTop,
  type PlayerBoard,
  techEffects,
  type Track,
  trackMedal,
  trackMedals,
  TRACKS,
} from '../../game';
import { useContentText } from '../i18n/content-text';
import { TERRAIN_COLOR, TERRAIN_LETTER, trackName } from '../i18n/labels';
import { rewardShort, rewardsText } from './rewards';
import './board.css';

interface Props {
  board: PlayerBoard;
  /** Prefix of the test ids, e.g. `corp-0`. */
  testid: string;
  /** Draw without the tech list and key, for other players' boards. */
  compact?: boolean;
}

function CorporationBoardView({ board, testid, compact = false }: Props) {
  const { t } = useTranslation('board');
  const corp = corporationById(board.corporation);
  const columns = TRACKS.filter((track) => corp.tracks[track] !== undefined);
  const topRow = Math.max(...columns.map((c) => corp.tracks[c].levels.length - 1));
  const rows = topRow + 1;
  const columnOf = (track: Track) => columns.indexOf(track);
  // Rows are drawn top level first so the board reads like the printed one.
  const gridRow = (level: number) => topRow - level + 1;
  const active = techEffects(board);

  return (
    <section
      className="corp-board"
      data-testid={testid}
      aria-label={t('corp.title', { corp: corp.name })}
      style={{ ['--corp-columns' as string]: columns.length, ['--corp-rows' as string]: rows }}
    >
      <h3 className="corp-title">{t('corp.title', { corp: corp.name })}</h3>
      <div className="corp-heads" aria-hidden="true">
        {columns.map((track) => (
          <div key={track} className="corp-head">
            <span className="swatch" style={{ background: TERRAIN_COLOR[track] }}>
              {TERRAIN_LETTER[track]}
            </span>
            <span className="corp-head-name">{trackName(track)}</span>
          </div>
        ))}
      </div>
      <div className="corp-squares" role="list" aria-label={t('corp.tracksLabel', { corp: corp.name })}>
        {columns.flatMap((track) =>
          corp.tracks[track].levels.map((square) => {
            const tracker = board.trackers[track];
            const reached = tracker.col === track && square.level <= tracker.row;
            const label = square.square
              ? t('corp.square', {
                  track: trackName(track),
                  level: square.level,
                  rewards: rewardsText(t, square.rewards),
                })
              : t('corp.noSquare');
            return (
              <div
                key={`${track}-${square.level}`}
                role="listitem"
                className={`corp-square${square.square ? '' : ' corp-gap'}${reached ? ' corp-reached' : ''}${
                  square.rewards.some((r) => r.kind === 'medal') ? ' corp-medal' : ''
                }`}
                style={{ gridColumn: columnOf(track) + 1, gridRow: gridRow(square.level) }}
                title={label}
                aria-label={label}
                data-testid={`${testid}-square-${track}-${square.level}`}
              >
                <span className="corp-level" aria-hidden="true">
                  {square.level}
                </span>
                <span className="corp-rewards" aria-hidden="true">
                  {square.rewards.map((r) => rewardShort(t, r)).join(' ')}
                </span>
              </div>
            );
          }),
        )}
        {columns.map((track) => {
          const at = board.trackers[track];
          const column = columnOf(at.col) >= 0 ? columnOf(at.col) : columnOf(track);
          const top = corp.tracks[at.col].top;
          const atTop = isAtTop(board, track);
          const label =
            at.col === track
              ? t('corp.tracker', { track: trackName(track), level: at.row, top })
              : t('corp.trackerOther', { track: trackName(track), column: trackName(at.col), level: at.row });
          // Trackers sharing a square (winding boards) are nudged apart so each stays visible.
          const sharing = columns.filter(
            (other) => board.trackers[other].col === at.col && board.trackers[other].row === at.row,
          );
          const nudge = sharing.indexOf(track);
          return (
            <div
              key={`tracker-${track}`}
              role="listitem"
              className={`corp-tracker${atTop ? ' corp-tracker-top' : ''}`}
              aria-label={`${label}${atTop ? ` (${t('corp.atTop')})` : ''}`}
              data-testid={`${testid}-tracker-${track}`}
              data-col={at.col}
              data-row={at.row}
              style={{
                left: `calc(${(column * 100) / columns.length}% + ${nudge * 6}px)`,
                top: `${((topRow - at.row) * 100) / rows}%`,
              }}
            >
              <span aria-hidden="true" style={{ background: TERRAIN_COLOR[track] }}>
                {TERRAIN_LETTER[track]}
              </span>
            </div>
          );
        })}
      </div>
      <div className="corp-feet">
        {columns.map((track) => (
          <div key={track} className="corp-foot" data-testid={`${testid}-medal-${track}`}>
            <span className="sr-only">{trackName(track)}: </span>
            {t('corp.trackMedals', { count: trackMedal(corp, board.trackers[track]) })}
          </div>
        ))}
      </div>
      <p className="small" data-testid={`${testid}-medals`}>
        {t('corp.medalsTotal', { count: trackMedals(board, corp) })}
      </p>
      {!compact && (
        <>
          <details className="corp-key">
            <summary>{t('legend.title')}</summary>
            <ul className="small">
              {(
                [
                  'medal',
                  'synergy',
                  'civMilestone',
                  'biomassMilestone',
                  'roverMilestone',
                  'techMilestone',
                  'roverMove',
                ] as const
              ).map((k) => (
                <li key={k}>{t(`legend.${k}`)}</li>
              ))}
            </ul>
          </details>
          <TechList corp={corp} active={active} testid={`${testid}-techs`} />
        </>
      )}
    </section>
  );
}

function TechList({ corp, active, testid }: { corp: CorporationData; active: Set<string>; testid: string }) {
  const { t } = useTranslation('board');
  const content = useContentText();
  if (corp.techs.length === 0) return null;
  const rows = corp.techUnlock.milestoneRows ?? [];
  const unlocked = corp.techs.filter((tech) => active.has(tech.effect)).length;
  return (
    <section className="corp-techs" data-testid={testid} aria-label={t('tech.title')}>
      <h4>
        {t('tech.title')}{' '}
        <span className="small">{t('tech.count', { count: unlocked, total: corp.techs.length })}</span>
      </h4>
      <ol>
        {corp.techs.map((tech, k) => {
          const on = active.has(tech.effect);
          const row = rows[k];
          return (
            <li
              key={`${tech.level}-${tech.effect}`}
              className={on ? 'tech-on' : 'tech-off'}
              data-testid={`${testid}-${k + 1}`}
              data-unlocked={on}
            >
              <strong>
                <span aria-hidden="true">{on ? '✔ ' : '○ '}</span>
                {t('tech.level', { level: tech.level })} — {on ? t('tech.unlocked') : t('tech.locked')}
              </strong>
              {!on && row !== undefined && <span className="small"> ({t('tech.unlockAt', { row })})</span>}
              <br />
              <span className="small">{content.techText(corp.id, tech.level)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** What the drawing reads from a board: a new board object with the same trackers draws the same. */
const sameDrawing = (a: Props, b: Props): boolean =>
  a.testid === b.testid &&
  a.compact === b.compact &&
  a.board.corporation === b.board.corporation &&
  // Some corporations unlock techs by lifepods rather than by the tech track.
  a.board.collected.lifepods === b.board.collected.lifepods &&
  TRACKS.every(
    (track) =>
      a.board.trackers[track].col === b.board.trackers[track].col &&
      a.board.trackers[track].row === b.board.trackers[track].row,
  );

/** Re-drawn only when a tracker moves: most steps of a turn leave the corporation board as it was. */
export const CorporationBoard = memo(CorporationBoardView, sameDrawing);
