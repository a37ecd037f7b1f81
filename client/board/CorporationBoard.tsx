/**
 * A corporation board drawn from its data (§8.2): one column of squares per track, each square with
 * its rewards, the trackers standing on the squares the state gives them (a tracker's column may
 * differ from its colour: Makeshift's diagonals, Oasis's water path), the medals the rules score,
 * the techs with their texts, and what the board holds besides: parked lifepods on squares and tech
 * slots (R32), the flux token, the rover bay, carried meteorites. The board's own shape comes from
 * the data: a path that winds across the columns (`extra.trackShape.path`), two-option boxes
 * (a square's `extra.box`), marks printed between squares. Squares and slots that answer the
 * player's current choice (a destination, a lifepod's spot) are buttons.
 */
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  corporationById,
  type CorporationData,
  isAtTop,
  type OasisPathStep,
  pendingLabel,
  type PlayerBoard,
  techEffects,
  type Track,
  trackMedal,
  trackMedals,
  TRACKS,
  type TrackSquareBox,
  type TrackSquareExtra,
} from '../../game';
import { useContentText } from '../i18n/content-text';
import { MessageText } from '../i18n/messages';
import { corporationChoiceLabel, TERRAIN_COLOR, TERRAIN_LETTER, trackName } from '../i18n/labels';
import { type BoardPick, type BoardPicks, squareKey } from './corporation-picks';
import { rewardShort, rewardsText } from './rewards';
import { TRACK_MARKS } from './track-marks';
import './board.css';

interface Props {
  board: PlayerBoard;
  /** Prefix of the test ids, e.g. `corp-0`. */
  testid: string;
  /** Draw without the tech list and key, for other players' boards. */
  compact?: boolean;
  /** Squares and slots that answer the player's current choice. */
  picks?: BoardPicks | null;
}

/** One position of a path that winds across the columns (Oasis's water path). */
type PathStep = OasisPathStep;

/** The winding path of the board's data, if it has one; its first square is on its tracker's own column. */
function windingPath(corp: CorporationData): PathStep[] | null {
  const shape = corp.extra.trackShape;
  return shape?.kind === 'oasisWaterPath' && shape.path.length > 1 ? shape.path : null;
}

/** A square's two-option box (Wormhole), from the square's own data (`npm run data` checks both fields). */
function boxOf(extra: TrackSquareExtra | undefined): TrackSquareBox | null {
  return extra?.box !== undefined && extra.half !== undefined ? { box: extra.box, half: extra.half } : null;
}

function CorporationBoardView({ board, testid, compact = false, picks = null }: Props) {
  const { t } = useTranslation('board');
  const content = useContentText();
  const corp = corporationById(board.corporation);
  const columns = TRACKS.filter((track) => corp.tracks[track] !== undefined);
  const topRow = Math.max(...columns.map((c) => corp.tracks[c].levels.length - 1));
  // The key names the marks this board prints, and only those.
  const marksOnBoard = new Set(
    columns.flatMap((c) => corp.tracks[c].levels.flatMap((l) => l.rewards.map((r) => r.kind))),
  );
  const rows = topRow + 1;
  const columnOf = (track: Track) => columns.indexOf(track);
  // Rows are drawn top level first so the board reads like the printed one.
  const gridRow = (level: number) => topRow - level + 1;
  const active = techEffects(board);
  const name = content.corporationName(corp.id);
  const techTitle = (ability: string) => {
    const tech = corp.techs.find((x) => x.effect === ability);
    return tech ? t('tech.level', { level: tech.level }) : ability;
  };

  const path = windingPath(corp);
  const follower = path?.[0]?.track ?? null;
  const pathAt = new Map(path?.map((s) => [squareKey(s.track, s.level), s]) ?? []);
  const followerAt = follower ? board.trackers[follower] : null;
  const currentStep =
    path && followerAt
      ? (path.find((s) => s.track === followerAt.col && s.level === followerAt.row)?.step ?? 0)
      : 0;

  const parked = new Set(board.corp.parkedLifepods);
  const lifepodsInArea = board.collected.lifepods - board.corp.parkedLifepods.length;
  const waiting = board.rovers.filter((r) => !r.destroyed && r.cell === null).length;

  // The medals the rules score; per column only while that reading adds up to them (a board whose
  // medals depend on the whole board, like a path or shared columns, shows the total alone).
  const total = trackMedals(board, corp);
  const perColumn = columns.map((track) =>
    board.trackers[track].col === track ? trackMedal(corp, board.trackers[track]) : null,
  );
  const showFeet =
    perColumn.every((m) => m !== null) && perColumn.reduce<number>((sum, m) => sum + (m ?? 0), 0) === total;

  const pickButton = (pick: BoardPick, text: ReactNode, title: string, id: string) => (
    <button
      type="button"
      className="corp-pick"
      title={title}
      data-testid={id}
      data-pick={pick.selectsFrom ? 'from' : 'to'}
      onClick={pick.pick}
    >
      {text}
    </button>
  );

  return (
    <section
      className="corp-board"
      data-testid={testid}
      data-corporation={corp.id}
      data-picking={picks ? 'yes' : undefined}
      aria-label={t('corp.title', { corp: name })}
      style={{ ['--corp-columns' as string]: columns.length, ['--corp-rows' as string]: rows }}
    >
      <h3 className="corp-title">{t('corp.title', { corp: name })}</h3>
      <ul className="corp-facts small" data-testid={`${testid}-facts`}>
        <li data-testid={`${testid}-bay`}>
          {t('corp.roverBay', { count: waiting, total: corp.roverCount })}
        </li>
        {board.corp.carrying.map((rover) => (
          <li key={`carry-${rover}`} data-testid={`${testid}-carrying-${rover}`}>
            {t('corp.carrying', { rover: rover + 1 })}
          </li>
        ))}
        <li data-testid={`${testid}-lifepods`}>
          {t('corp.lifepods', { area: lifepodsInArea, parked: board.corp.parkedLifepods.length })}
          {picks?.area &&
            pickButton(
              picks.area,
              corporationChoiceLabel(picks.area.choice, { board }),
              corporationChoiceLabel(picks.area.choice, { board }),
              `${testid}-pick-area`,
            )}
        </li>
        {(board.corp.fluxTrack !== null || corp.extra.trackShape?.kind === 'fluxToken') && (
          <li data-testid={`${testid}-flux`}>
            {board.corp.fluxTrack
              ? t('corp.flux', { track: trackName(board.corp.fluxTrack) })
              : t('corp.fluxNone')}
          </li>
        )}
        {path && follower && (
          <li data-testid={`${testid}-path`}>
            {t('corp.pathStatus', {
              track: trackName(follower),
              step: currentStep,
              last: path[path.length - 1]?.step ?? 0,
            })}
          </li>
        )}
      </ul>
      {picks && (
        <p className="corp-picking" role="status" data-testid={`${testid}-picking`}>
          {picks.task.item && (
            <>
              <MessageText message={pendingLabel(picks.task.item)} rule={false} capitalize />
              {' — '}
            </>
          )}
          {picks.task.ability && (
            <>
              {techTitle(picks.task.ability)}
              {' — '}
            </>
          )}
          {t('corp.picking', {
            count: picks.squares.size + picks.slots.size + (picks.area ? 1 : 0),
          })}
        </p>
      )}
      <div className="corp-heads" aria-hidden="true">
        {columns.map((track) => (
          <div key={track} className="corp-head">
            <span className="swatch" style={{ background: TERRAIN_COLOR[track] }}>
              {TERRAIN_LETTER[track]}
            </span>
            <span className="corp-head-name" title={trackName(track)}>
              {trackName(track)}
            </span>
            {board.corp.fluxTrack === track && (
              <span className="corp-flux" data-testid={`${testid}-flux-${track}`}>
                ⚑ {t('corp.fluxHere')}
              </span>
            )}
          </div>
        ))}
      </div>
      <div className="corp-squares" role="list" aria-label={t('corp.tracksLabel', { corp: name })}>
        {path && (
          <svg
            className="corp-path"
            aria-hidden="true"
            viewBox={`0 0 ${columns.length} ${rows}`}
            preserveAspectRatio="none"
            data-testid={`${testid}-path-line`}
          >
            {(['passed', 'ahead'] as const).map((part) => {
              const steps = path.filter((s) =>
                part === 'passed' ? s.step <= currentStep : s.step >= currentStep,
              );
              if (steps.length < 2) return null;
              return (
                <polyline
                  key={part}
                  className={`corp-path-${part}`}
                  points={steps.map((s) => `${columnOf(s.track) + 0.5},${topRow - s.level + 0.5}`).join(' ')}
                />
              );
            })}
          </svg>
        )}
        {columns.flatMap((track) =>
          corp.tracks[track].levels.map((square) => {
            const tracker = board.trackers[track];
            const reached = tracker.col === track && square.level <= tracker.row;
            const key = squareKey(track, square.level);
            const box = boxOf(square.extra);
            const onPath = pathAt.get(key);
            const lifepod = parked.has(key as never);
            const rewards = rewardsText(t, square.rewards);
            const parts = [
              square.square
                ? t('corp.square', { track: trackName(track), level: square.level, rewards })
                : square.rewards.length
                  ? t('corp.mark', { track: trackName(track), rewards })
                  : t('corp.noSquare'),
            ];
            if (box) parts.push(t('corp.box', { box: box.box, half: t(`corp.half.${box.half}`) }));
            if (onPath && follower && onPath.step > 0)
              parts.push(
                t('corp.path', {
                  track: trackName(follower),
                  step: onPath.step,
                  rewards: rewardsText(t, onPath.benefits),
                }),
              );
            if (lifepod) parts.push(t('corp.lifepodHere'));
            const label = parts.join('; ');
            const pick = picks?.squares.get(key);
            const marks = (
              <>
                <span className="corp-level" aria-hidden={pick ? undefined : 'true'}>
                  {square.level}
                </span>
                <span className="corp-rewards" aria-hidden={pick ? undefined : 'true'}>
                  {square.rewards.map((r) => rewardShort(t, r)).join(' ')}
                </span>
                {onPath && onPath.step > 0 && (
                  <span className="corp-path-step" aria-hidden={pick ? undefined : 'true'}>
                    {t('short.path', { step: onPath.step })}
                  </span>
                )}
                {lifepod && (
                  <span
                    className="corp-lifepod"
                    aria-hidden={pick ? undefined : 'true'}
                    data-testid={`${testid}-lifepod-${track}-${square.level}`}
                  >
                    {t('short.lifepod')}
                  </span>
                )}
              </>
            );
            const className = [
              'corp-square',
              square.square ? '' : 'corp-gap',
              reached ? 'corp-reached' : '',
              square.rewards.some((r) => r.kind === 'medal') ? 'corp-medal' : '',
              box ? `corp-box corp-box-${box.half}` : '',
              onPath ? (onPath.step <= currentStep ? 'corp-on-path corp-path-passed' : 'corp-on-path') : '',
              pick ? 'corp-pickable' : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <div
                key={key}
                role="listitem"
                className={className}
                style={{ gridColumn: columnOf(track) + 1, gridRow: gridRow(square.level) }}
                title={label}
                aria-label={pick ? undefined : label}
                data-testid={`${testid}-square-${track}-${square.level}`}
                data-box={box?.box}
                data-path-step={onPath?.step}
              >
                {pick
                  ? pickButton(
                      pick,
                      marks,
                      t(pick.selectsFrom ? 'corp.takeLifepod' : 'corp.chooseSquare', { square: label }),
                      `${testid}-pick-${track}-${square.level}`,
                    )
                  : marks}
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
      {showFeet && (
        <div className="corp-feet">
          {columns.map((track, k) => (
            <div key={track} className="corp-foot" data-testid={`${testid}-medal-${track}`}>
              <span className="sr-only">{trackName(track)}: </span>
              {t('corp.trackMedals', { count: perColumn[k] ?? 0 })}
            </div>
          ))}
        </div>
      )}
      <p className="small" data-testid={`${testid}-medals`}>
        {t('corp.medalsTotal', { count: total })}
      </p>
      {!compact && (
        <>
          <details className="corp-key">
            <summary>{t('legend.title')}</summary>
            <ul className="small">
              {TRACK_MARKS.filter(({ kind }) => marksOnBoard.has(kind)).map(({ kind }) => (
                <li key={kind}>{t(`legend.${kind}`)}</li>
              ))}
              {path && follower && <li>{t('legend.path', { track: trackName(follower) })}</li>}
              {columns.some((c) => corp.tracks[c].levels.some((l) => boxOf(l.extra))) && (
                <li>{t('legend.box')}</li>
              )}
              {board.corp.parkedLifepods.some((spot) => !spot.startsWith('slot:')) && (
                <li>{t('legend.lifepod')}</li>
              )}
            </ul>
          </details>
          <TechList board={board} corp={corp} active={active} testid={`${testid}-techs`} picks={picks} />
        </>
      )}
    </section>
  );
}

function TechList({
  board,
  corp,
  active,
  testid,
  picks,
}: {
  board: PlayerBoard;
  corp: CorporationData;
  active: Set<string>;
  testid: string;
  picks: BoardPicks | null;
}) {
  const { t } = useTranslation('board');
  const content = useContentText();
  if (corp.techs.length === 0) return null;
  const rows = corp.techUnlock.milestoneRows ?? [];
  // Techs unlocked by lifepods on slots (Jump Drive) rather than by the tech track.
  const slots = corp.techUnlock.mode === 'lifepodSlots';
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
          const text = content.techText(corp.id, tech.level);
          const slotFull = board.corp.parkedLifepods.includes(`slot:${k}`);
          const pick = picks?.slots.get(k);
          const used = board.corp.usedThisRound.includes(tech.effect)
            ? t('tech.usedRound')
            : board.corp.usedThisGame.includes(tech.effect)
              ? t('tech.usedGame')
              : null;
          return (
            <li
              key={`${tech.level}-${tech.effect}`}
              className={`${on ? 'tech-on' : 'tech-off'}${pick ? ' corp-pickable' : ''}`}
              data-testid={`${testid}-${k + 1}`}
              data-unlocked={on}
              title={text}
            >
              <strong>
                <span aria-hidden="true">{on ? '✔ ' : '○ '}</span>
                {t('tech.level', { level: tech.level })} — {on ? t('tech.unlocked') : t('tech.locked')}
              </strong>
              {slots && (
                <span className="small" data-testid={`${testid}-slot-${k}`}>
                  {' · '}
                  {slotFull && (
                    <span className="corp-lifepod" aria-hidden="true">
                      {t('short.lifepod')}{' '}
                    </span>
                  )}
                  {t(slotFull ? 'tech.slotFull' : 'tech.slotEmpty', { slot: tech.level })}
                </span>
              )}
              {!on && !slots && row !== undefined && (
                <span className="small"> ({t('tech.unlockAt', { row })})</span>
              )}
              {used && <span className="small"> · {used}</span>}
              {pick && (
                <>
                  {' '}
                  <button
                    type="button"
                    className="corp-pick"
                    data-testid={`${testid}-pick-slot-${k}`}
                    onClick={pick.pick}
                  >
                    {corporationChoiceLabel(pick.choice, { board })}
                  </button>
                </>
              )}
              <br />
              <span className="small">{text}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** What the drawing reads from a board: a new board object with the same pieces draws the same. */
const sameDrawing = (a: Props, b: Props): boolean =>
  a.testid === b.testid &&
  a.compact === b.compact &&
  // A choice on the board sends the latest actions: drawn afresh while one is open.
  !a.picks &&
  !b.picks &&
  a.board.corporation === b.board.corporation &&
  a.board.collected.lifepods === b.board.collected.lifepods &&
  JSON.stringify(a.board.corp) === JSON.stringify(b.board.corp) &&
  a.board.rovers.length === b.board.rovers.length &&
  a.board.rovers.every(
    (r, k) => r.cell === b.board.rovers[k]?.cell && r.destroyed === b.board.rovers[k]?.destroyed,
  ) &&
  TRACKS.every(
    (track) =>
      a.board.trackers[track].col === b.board.trackers[track].col &&
      a.board.trackers[track].row === b.board.trackers[track].row,
  );

/** Re-drawn only when the board's pieces move: most steps of a turn leave the corporation board as it was. */
export const CorporationBoard = memo(CorporationBoardView, sameDrawing);
