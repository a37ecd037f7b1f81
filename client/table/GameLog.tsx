/**
 * The whole game's log, grouped by round (newest round first, its entries in order), with a filter
 * to follow one player. Entries are the engine's own messages in the reader's language, followed by
 * what the turn gained as chips ("+2 Water"; a tracker sent back shows its minus). An entry that
 * covered squares is a button: choosing it outlines those squares on that player's drawn planet for
 * a few seconds (another entry replaces it, Escape or choosing it again clears it).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GameState, type LogEntry, type PlayerID, TRACKS, type TurnGains } from '../../game';
import { playerName, trackName } from '../i18n/labels';
import { MessageText } from '../i18n/messages';
import { SeatBadge } from '../board/seat-colours';
import { ClockIcon } from './ClockIcon';
import { clearHighlight, highlightCells, useHighlight } from './highlight-store';

type T = ReturnType<typeof useTranslation>['t'];

/** The entries of each round with their place in the whole log, newest round first. */
function byRound(entries: readonly [number, LogEntry][]): [number, [number, LogEntry][]][] {
  const rounds = new Map<number, [number, LogEntry][]>();
  for (const item of entries) {
    const round = item[1].round;
    const list = rounds.get(round);
    if (list) list.push(item);
    else rounds.set(round, [item]);
  }
  return [...rounds.entries()].sort((a, b) => b[0] - a[0]);
}

/** The rounds to show: those with entries, and those with a note alone (a seat out of time early in a round). */
function withNoteRounds(
  rounds: [number, [number, LogEntry][]][],
  notes: readonly LogNote[] | undefined,
): [number, [number, LogEntry][]][] {
  const missing = [...new Set((notes ?? []).map((n) => n.round))].filter(
    (r) => !rounds.some(([x]) => x === r),
  );
  if (missing.length === 0) return rounds;
  return [...rounds, ...missing.map((r): [number, [number, LogEntry][]] => [r, []])].sort(
    (a, b) => b[0] - a[0],
  );
}

/** A signed count as players write it: "+2", "−1" (a true minus sign). */
const signed = (n: number): string => (n > 0 ? `+${n}` : `−${Math.abs(n)}`);

/** A turn's gains as short phrases, trackers first in the board's order; nothing for an empty turn. */
export function gainChips(t: T, gains: TurnGains | undefined): { text: string; back: boolean }[] {
  if (!gains) return [];
  const chips: { text: string; back: boolean }[] = [];
  for (const track of TRACKS) {
    const rows = gains.tracks[track];
    if (!rows) continue;
    chips.push({
      text: t('table.logGain.track', { rows: signed(rows), track: trackName(track) }),
      back: rows < 0,
    });
  }
  if (gains.lifepods)
    chips.push({
      text: t('table.logGain.lifepods', { count: gains.lifepods, n: signed(gains.lifepods) }),
      back: false,
    });
  if (gains.meteorites)
    chips.push({
      text: t('table.logGain.meteorites', { count: gains.meteorites, n: signed(gains.meteorites) }),
      back: false,
    });
  return chips;
}

function Gains({ t, gains }: { t: T; gains: TurnGains | undefined }) {
  const chips = gainChips(t, gains);
  if (chips.length === 0) return null;
  // What was gained, then what was lost (a tracker sent back), each said as such: never "Gained: −2".
  const gained = chips.filter((c) => !c.back);
  const lost = chips.filter((c) => c.back);
  return (
    <span className="log-gains">
      {gained.length > 0 && <span className="sr-only">{t('table.logGain.label')} </span>}
      {gained.map((c) => (
        <span key={c.text} className="log-chip">
          {c.text}
        </span>
      ))}
      {lost.length > 0 && <span className="sr-only">{t('table.logGain.lost')} </span>}
      {lost.map((c) => (
        <span key={c.text} className="log-chip back">
          {c.text}
        </span>
      ))}
    </span>
  );
}

/**
 * Bring the planet that shows the squares into view (another player's, in the strip of boards), and
 * say whether something still covers it (the log's own drawer, on a narrow screen).
 */
function revealPlanet(player: PlayerID): { covered: boolean } {
  const planet = document.querySelector(`[data-testid="planet-${player}-canvas"]`);
  if (!planet) return { covered: false };
  planet.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  const box = planet.getBoundingClientRect();
  const seen = document.elementFromPoint?.(box.left + box.width / 2, box.top + box.height / 2);
  return { covered: Boolean(seen) && !planet.contains(seen) };
}

interface Props {
  G: GameState;
  names?: Record<string, string | undefined>;
  /** Called when an entry's squares are shown on a planet the log covers: the caller moves the log aside. */
  onReveal?(): void;
  /**
   * A replay's log: the whole game's entries (`G` is the final state), those written up to the
   * position shown first and the newest of them marked, each a link to its moment.
   */
  replay?: LogReplay;
  /** Lines to add at the end of their rounds (the clocks' notes). */
  notes?: readonly LogNote[];
}

/** A line the log shows in a round besides the game's own entries (an online match's clocks). */
export interface LogNote {
  key: string;
  round: number;
  player: PlayerID;
  text: string;
}

export interface LogReplay {
  /** Entries written up to the position shown. */
  written: number;
  positionOf(index: number): number;
  go(at: number): void;
}

export function GameLog({ G, names, onReveal, replay, notes }: Props) {
  const { t } = useTranslation('pages');
  const [who, setWho] = useState<string>('');
  const highlight = useHighlight();
  const [chosen, setChosen] = useState<number | null>(null);
  // The entry whose squares are shown now (none once the highlight has faded or was cleared).
  const active = highlight ? chosen : null;
  useEffect(() => {
    if (!highlight) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') clearHighlight();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [highlight]);
  // Leaving the table leaves no squares outlined.
  useEffect(() => clearHighlight, []);

  const indexed = G.log.map((e, i) => [i, e] as [number, LogEntry]);
  const shown = who === '' ? indexed : indexed.filter(([, e]) => e.player === who);
  const choose = (index: number, entry: LogEntry) => {
    if (entry.player === undefined || !entry.cells?.length) return;
    if (active === index) return clearHighlight();
    setChosen(index);
    highlightCells(entry.player, entry.cells);
    if (revealPlanet(entry.player).covered) onReveal?.();
  };
  return (
    <section aria-labelledby="log-title" className="game-log">
      <h2 id="log-title">{t('table.log')}</h2>
      <label className="log-filter">
        {t('table.logFilter')}{' '}
        <select value={who} onChange={(e) => setWho(e.target.value)} data-testid="log-filter">
          <option value="">{t('table.logEveryone')}</option>
          {G.playerIDs.map((p) => (
            <option key={p} value={p}>
              {playerName(p, names)}
            </option>
          ))}
        </select>
      </label>
      <div data-testid="log">
        {shown.length === 0 && !notes?.length && <p className="small">{t('table.logEmpty')}</p>}
        {withNoteRounds(byRound(shown), who === '' ? notes : notes?.filter((n) => n.player === who)).map(
          ([round, entries]) => (
            <section key={round} aria-labelledby={`log-round-${round}`} data-testid={`log-round-${round}`}>
              <h3 id={`log-round-${round}`}>{t('table.logRoundTitle', { round })}</h3>
              <ol className="log">
                {entries.map(([index, e]) => {
                  const pointsAt = e.player !== undefined && (e.cells?.length ?? 0) > 0;
                  const text = (
                    <>
                      {e.player !== undefined ? (
                        <strong>
                          <SeatBadge seat={e.player} markerOnly /> {playerName(e.player, names)}{' '}
                        </strong>
                      ) : null}
                      {/* A match stored before log lines were messages keeps its English text. An entry
                        that is itself a button (a replay's entries all are) offers no "why?" inside it. */}
                      {e.message ? (
                        <MessageText message={e.message} rule={!pointsAt && !replay} />
                      ) : (
                        (e as { text?: string }).text
                      )}{' '}
                      <Gains t={t} gains={e.gains} />
                    </>
                  );
                  if (replay)
                    return (
                      <li
                        key={index}
                        data-testid={`log-entry-${index}`}
                        className={index < replay.written ? undefined : 'log-later'}
                        aria-current={index === replay.written - 1 ? 'step' : undefined}
                      >
                        <button
                          type="button"
                          className="log-entry"
                          data-testid={`log-go-${index}`}
                          title={t('table.logGo')}
                          onClick={() => {
                            replay.go(replay.positionOf(index));
                            if (pointsAt) highlightCells(e.player as PlayerID, e.cells ?? []);
                          }}
                        >
                          {text}
                        </button>
                      </li>
                    );
                  return (
                    <li key={index} data-testid={`log-entry-${index}`}>
                      {pointsAt ? (
                        <button
                          type="button"
                          className="log-entry"
                          aria-pressed={active === index}
                          title={t('table.logShow', { name: playerName(e.player as PlayerID, names) })}
                          onClick={() => choose(index, e)}
                        >
                          {text}
                        </button>
                      ) : (
                        text
                      )}
                    </li>
                  );
                })}
                {(notes ?? [])
                  .filter((n) => n.round === round && (who === '' || n.player === who))
                  .map((n) => (
                    <li key={n.key} className="log-note" data-testid="log-clock-note">
                      <ClockIcon /> <SeatBadge seat={n.player} markerOnly /> {n.text}
                    </li>
                  ))}
              </ol>
            </section>
          ),
        )}
      </div>
    </section>
  );
}
