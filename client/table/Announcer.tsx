/**
 * The table's polite live region, mounted once: it speaks what a player who cannot see the table
 * would otherwise miss (other players' and bots' confirmed turns and what they gained, the start of
 * a round, "your turn", the end) and, through `announce`, what other parts of the table have to say
 * (what a placement would gain when the ghost is moved by keyboard).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { awaiting, type GameState, type LogEntry, type PlayerID, type TurnGains } from '../../game';
import { playerName } from '../i18n/labels';
import { messageText } from '../i18n/messages';
import type { GhostControls } from './interaction';
import { previewLines } from './GhostPreview';

type T = ReturnType<typeof useTranslation>['t'];
type Names = Record<string, string | undefined>;

const listeners = new Set<(text: string) => void>();

/** Say `text` through the table's live region (nothing when no table is shown). */
export function announce(text: string): void {
  for (const listener of listeners) listener(text);
}

/** What a turn gained, in words ("Water +2, Tech +1, 1 lifepod"); empty when nothing. */
export function gainsText(t: T, gains: TurnGains | undefined): string {
  if (!gains) return '';
  const parts = Object.entries(gains.tracks)
    .filter(([, rows]) => rows)
    .map(([track, rows]) =>
      t('announce.track', { track: t(`track.${track}`), rows: rows > 0 ? `+${rows}` : rows }),
    );
  if (gains.lifepods) parts.push(t('announce.lifepods', { count: gains.lifepods }));
  if (gains.meteorites) parts.push(t('announce.meteorites', { count: gains.meteorites }));
  return parts.join(', ');
}

/** One public log entry as a sentence: who did what, and what it gained. */
export function logEntryText(t: T, entry: LogEntry, names?: Names): string {
  const what = messageText(entry.message, t);
  const said =
    entry.player === undefined ? what : t('announce.did', { name: playerName(entry.player, names), what });
  const gained = gainsText(t, entry.gains);
  return gained ? t('announce.gained', { said, gains: gained }) : said;
}

/**
 * What changed between two states that is worth saying to `player` (null: a spectator): others'
 * confirmations and public turns, a new round, their own turn coming up, the end.
 */
export function announcements(
  t: T,
  before: GameState,
  after: GameState,
  player: PlayerID | null,
  names?: Names,
): string[] {
  const lines: string[] = [];
  for (const p of after.playerIDs)
    if (p !== player && after.confirmed[p] && !before.confirmed[p])
      lines.push(t('announce.confirmed', { name: playerName(p, names) }));
  for (const entry of after.log.slice(before.log.length))
    if (entry.player !== player) lines.push(logEntryText(t, entry, names));
  if (after.round !== before.round && after.step !== 'over')
    lines.push(t('announce.round', { round: after.round }));
  if (player !== null && after.step !== 'over') {
    const stage = awaiting(after)[player];
    if (stage && !awaiting(before)[player])
      lines.push(t('announce.yourTurn', { stage: t(`turn:stage.${stage}`, { defaultValue: stage }) }));
  }
  return lines;
}

export function Announcer({ G, player, names }: { G: GameState; player: PlayerID | null; names?: Names }) {
  const { t } = useTranslation('table');
  const [text, setText] = useState('');
  const previous = useRef(G);
  useEffect(() => {
    const listener = (said: string) => setText(said);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  useEffect(() => {
    const before = previous.current;
    previous.current = G;
    if (before === G) return;
    const lines = announcements(t, before, G, player, names);
    if (lines.length > 0) setText(lines.join('. '));
  }, [G, player, names, t]);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {text}
    </div>
  );
}

/** How long the ghost rests before what it would gain is said: a run of key presses says it once. */
export const GHOST_PAUSE_MS = 700;

/**
 * Says what placing the ghost would gain once it rests after a keyboard move (the ghost's status
 * line already says where it stands). Returns the function the key handler calls after a move.
 */
export function useGhostGainsAnnouncement(ghost: GhostControls | null): () => void {
  const { t } = useTranslation('table');
  const byKeys = useRef(false);
  const where = ghost ? `${ghost.tileId}:${ghost.at.orientation}:${ghost.at.x}:${ghost.at.y}` : '';
  const fits = ghost?.fits ?? false;
  const preview = ghost?.preview ?? null;
  useEffect(() => {
    if (!byKeys.current || !fits || !preview) return;
    const timer = setTimeout(() => {
      byKeys.current = false;
      announce(t('announce.ghostGains', { gains: previewLines(t, preview).join(', ') }));
    }, GHOST_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [where, fits, preview, t]);
  return () => {
    byKeys.current = true;
  };
}
