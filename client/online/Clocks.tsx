/**
 * The clocks of a clocked online match, in the table's head line, for players and spectators
 * alike: each seat's time left for the decision it owes (yours first and larger, amber then red
 * near the end), who is away (their time ran out: the server's Pilot plays for them), and for your
 * own away seat an "I'm back" button. Only this strip re-renders each second.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MatchClock, type SeatClock, type TimeControl, timeLeft } from '../../game';
import { SeatBadge } from '../board/seat-colours';
import { ClockIcon } from '../table/ClockIcon';
import { comeBack, lobbyError, type ClockInfo, type SeatCredentials } from './lobby';
import type { LogNote } from '../table/GameLog';

/** A duration as a clock shows it: "1:05" under an hour, "5 h 03 min" under two days, else "3 d 4 h". */
export function formatDuration(ms: number, t: (key: string, o?: Record<string, unknown>) => string): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  const minutes = Math.floor(s / 60);
  if (minutes < 48 * 60)
    return t('online.clock.hours', { h: Math.floor(minutes / 60), m: String(minutes % 60).padStart(2, '0') });
  const hours = Math.floor(minutes / 60);
  return t('online.clock.days', { d: Math.floor(hours / 24), h: hours % 24 });
}

/** How near the end a clock is: amber under a quarter of the round time (or 30 s), red under 10 s. */
export function clockUrgency(left: number, tc: TimeControl): 'ok' | 'low' | 'critical' {
  if (left <= Math.min(10_000, tc.roundSeconds * 100)) return 'critical';
  if (left <= Math.max(30_000, tc.roundSeconds * 250)) return 'low';
  return 'ok';
}

/** The time control as the lobby shows it: "90 s a decision + 5:00 bank". */
export function timeControlLabel(
  tc: TimeControl,
  t: (key: string, o?: Record<string, unknown>) => string,
): string {
  const round = formatDuration(tc.roundSeconds * 1000, t);
  return tc.bankSeconds
    ? t('online.clock.controlWithBank', { round, bank: formatDuration(tc.bankSeconds * 1000, t) })
    : t('online.clock.control', { round });
}

/** The server's time now (the skew measured when its answer came), ticking every second while `ticking`. */
function useServerNow(skewMs: number, ticking: boolean): number {
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setLocal(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return local + skewMs;
}

interface Props {
  matchID: string;
  info: ClockInfo;
  /** Seat names. */
  names: Record<string, string | undefined>;
  /** This browser's seat, if it plays. */
  mine?: SeatCredentials;
  /** After "I'm back" was accepted: ask the server for the clocks again. */
  onBack(): void;
}

export function ClockStrip({ matchID, info, names, mine, onBack }: Props) {
  const { t } = useTranslation('pages');
  const { timeControl: tc, clock } = info;
  const seats = clock ? Object.entries(clock.seats) : [];
  const ticking = seats.some(([, c]) => c.owes !== null && !c.away);
  const now = useServerNow(info.skewMs ?? 0, ticking);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!tc) return null;
  if (!clock)
    return (
      <p className="clock-strip" data-testid="clock-strip">
        <ClockIcon /> {timeControlLabel(tc, t)} · {t('online.clock.notStarted')}
      </p>
    );
  // Yours first.
  const ordered = seats.sort(([a], [b]) =>
    a === mine?.playerID ? -1 : b === mine?.playerID ? 1 : Number(a) - Number(b),
  );
  const back = async () => {
    if (!mine) return;
    setSending(true);
    setFailure(null);
    try {
      await comeBack(matchID, mine);
      onBack();
    } catch (err) {
      setFailure(lobbyError(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="clock-strip" data-testid="clock-strip" aria-label={t('online.clock.title')} role="group">
      <ClockIcon />
      {ordered.map(([seat, c]) => (
        <SeatClockView
          key={seat}
          seat={seat}
          c={c}
          tc={tc}
          now={now}
          name={names[seat] ?? String(Number(seat) + 1)}
          yours={seat === mine?.playerID}
        />
      ))}
      {mine && clock.seats[mine.playerID]?.away && (
        <button
          type="button"
          className="primary"
          data-testid="im-back"
          disabled={sending}
          onClick={() => void back()}
        >
          {t('online.clock.back')}
        </button>
      )}
      {failure && (
        <span role="alert" className="alert">
          {t('online.clock.backFailed', { reason: failure })}
        </span>
      )}
    </div>
  );
}

function SeatClockView({
  seat,
  c,
  tc,
  now,
  name,
  yours,
}: {
  seat: string;
  c: SeatClock;
  tc: TimeControl;
  now: number;
  name: string;
  yours: boolean;
}) {
  const { t } = useTranslation('pages');
  const left = timeLeft(c, now);
  const urgency = left === null ? 'ok' : clockUrgency(left, tc);
  const who = yours ? t('online.clock.you') : name;
  const text = c.away
    ? t('online.clock.away')
    : left === null
      ? c.bankMs > 0
        ? t('online.clock.doneWithBank', { bank: formatDuration(c.bankMs, t) })
        : t('online.clock.done')
      : formatDuration(left, t);
  return (
    <span
      className={`seat-clock ${urgency}${yours ? ' yours' : ''}${c.away ? ' away' : ''}${left !== null ? ' running' : ''}`}
      data-testid={`clock-${seat}`}
      data-away={c.away ? 'true' : undefined}
      title={c.away ? t('online.clock.awayHint', { name }) : undefined}
    >
      <SeatBadge seat={seat} markerOnly /> {who} <strong className="clock-time">{text}</strong>
    </span>
  );
}

/** What the log says of the clocks: whose time ran out (the Pilot played for them), who came back. */
export function clockLogNotes(
  clock: MatchClock | undefined,
  names: Record<string, string | undefined>,
  t: (key: string, o?: Record<string, unknown>) => string,
): LogNote[] {
  return (clock?.notes ?? []).map((n) => {
    const name = names[n.seat] ?? String(Number(n.seat) + 1);
    return {
      key: `${n.seat}:${n.kind}:${n.at}`,
      round: n.round,
      player: n.seat,
      text: n.kind === 'away' ? t('online.clock.noteAway', { name }) : t('online.clock.noteBack', { name }),
    };
  });
}
