/**
 * The table chat of an online match, a panel of the table's drawer: what was said, newest last
 * (a polite live region: a screen reader says new lines without interrupting), a line to write in
 * for seated players (spectators read), and a mute per player. Text is shown as text, never as
 * markup. The button's unread count is `ChatUnread`.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeatBadge } from '../board/seat-colours';
import { CHAT_MAX_CHARS, type ChatStore, useChat } from './chat-store';

interface Props {
  store: ChatStore;
  /** Whether the drawer shows the panel now (its lines are read). */
  shown: boolean;
  /** This reader's seat; none for a spectator. */
  seat?: string;
  names: Record<string, string | undefined>;
  seats: readonly string[];
  send(text: string): void;
}

/** The server's refusal for writing too fast (server/transport.ts). */
const TOO_FAST = 'too many chat messages';

export function ChatPanel({ store, shown, seat, names, seats, send }: Props) {
  const { t, i18n } = useTranslation('pages');
  const { lines, muted, failed, refused } = useChat(store);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    store.setReading(shown);
    return () => store.setReading(false);
  }, [store, shown]);
  // The newest line in view as it comes.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, shown]);
  const nameOf = (s: string) => names[s] ?? t('chat.seat', { n: Number(s) + 1 });
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { timeStyle: 'short' });
  const shownLines = lines.filter((l) => !muted.has(l.seat));
  const hidden = lines.length - shownLines.length;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return setProblem(t('chat.empty'));
    if ([...text].length > CHAT_MAX_CHARS) return setProblem(t('chat.tooLong', { max: CHAT_MAX_CHARS }));
    setProblem(null);
    store.setRefused(null);
    send(text);
    setDraft('');
  };
  const refusal =
    refused === null ? null : refused.startsWith(TOO_FAST) ? t('chat.tooFast') : t('chat.refused');
  return (
    <section className="chat-panel" aria-labelledby="chat-title" data-testid="chat-panel">
      <h2 id="chat-title">{t('chat.title')}</h2>
      {failed && (
        <p className="small" role="status">
          {t('chat.historyFailed')}
        </p>
      )}
      <div
        className="chat-lines"
        ref={list}
        role="log"
        aria-live="polite"
        aria-label={t('chat.title')}
        data-testid="chat-lines"
        tabIndex={0}
      >
        <ol>
          {shownLines.length === 0 && <li className="small">{t('chat.none')}</li>}
          {shownLines.map((l) => (
            <li key={l.id} data-testid="chat-line" data-seat={l.seat}>
              <strong>
                <SeatBadge seat={l.seat} markerOnly /> {nameOf(l.seat)}
              </strong>{' '}
              <time className="small" dateTime={new Date(l.at).toISOString()}>
                {time.format(l.at)}
              </time>
              <span className="chat-text">{l.text}</span>
            </li>
          ))}
        </ol>
      </div>
      {hidden > 0 && <p className="small">{t('chat.hidden', { count: hidden })}</p>}
      {seat !== undefined ? (
        <form onSubmit={submit} className="chat-form" noValidate>
          <label className="sr-only" htmlFor="chat-input">
            {t('chat.label')}
          </label>
          <input
            id="chat-input"
            data-testid="chat-input"
            value={draft}
            maxLength={CHAT_MAX_CHARS}
            autoComplete="off"
            placeholder={t('chat.placeholder')}
            aria-describedby="chat-help"
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="primary" data-testid="chat-send">
            {t('chat.send')}
          </button>
          <span id="chat-help" className="small">
            {t('chat.help', { left: CHAT_MAX_CHARS - [...draft].length })}
          </span>
          {(problem ?? refusal) && (
            <span role="alert" className="alert" data-testid="chat-problem">
              {problem ?? refusal}
            </span>
          )}
        </form>
      ) : (
        <p className="small">{t('chat.spectator')}</p>
      )}
      {seats.filter((s) => s !== seat).length > 0 && (
        <fieldset className="chat-mute">
          <legend>{t('chat.mute')}</legend>
          {seats
            .filter((s) => s !== seat)
            .map((s) => (
              <label key={s} className="check">
                <input
                  type="checkbox"
                  data-testid={`chat-mute-${s}`}
                  checked={muted.has(s)}
                  onChange={(e) => store.mute(s, e.target.checked)}
                />
                <span>{nameOf(s)}</span>
              </label>
            ))}
        </fieldset>
      )}
    </section>
  );
}

/** The chat button's count of lines not yet read (none from muted players). */
export function ChatUnread({ store }: { store: ChatStore }) {
  const { t } = useTranslation('pages');
  const { unread } = useChat(store);
  if (unread === 0) return null;
  return (
    <span className="unread-badge" data-testid="chat-unread">
      {' '}
      <span aria-hidden="true">{unread}</span>
      <span className="sr-only">{t('chat.unread', { count: unread })}</span>
    </span>
  );
}
