/**
 * What a seated player can do with their seat on an online match page: rename it (the others see
 * the new name through the match metadata), and while the game runs, hand it to one of the server's
 * bots or leave it for good. Both of those ask for a confirmation first; the server's reason is
 * shown when it refuses.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type BotLevel, PLAYABLE_BOT_LEVELS } from '../../game';
import { BotLevelField } from './BotLevelField';
import { handSeatToBot, leaveSeat, lobbyError, renameSeat, type SeatCredentials } from './lobby';

export const NAME_MAX = 24;

interface Props {
  matchID: string;
  seat: SeatCredentials;
  /** The seat's name as the match metadata has it. */
  name: string;
  /** The game is still being played (a finished match can only be renamed). */
  running: boolean;
  onRenamed(seat: SeatCredentials): void;
  /** The seat went to a bot: this browser now only watches. */
  onHanded(level: BotLevel): void;
  /** The seat was left: the page goes back to the lobby. */
  onLeft(): void;
}

type Confirming = 'leave' | 'bot' | null;

export function MySeat({ matchID, seat, name, running, onRenamed, onHanded, onLeft }: Props) {
  const { t } = useTranslation('pages');
  const [newName, setNewName] = useState(name);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [level, setLevel] = useState<BotLevel>(PLAYABLE_BOT_LEVELS[0] ?? 'cadet');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [renamedTo, setRenamedTo] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const leaveOpener = useRef<HTMLButtonElement>(null);
  const botOpener = useRef<HTMLButtonElement>(null);
  const lastOpened = useRef<Confirming>(null);

  // The confirmation takes the focus (on its safe answer); closing it gives the focus back.
  useEffect(() => {
    if (confirming) cancel.current?.focus();
    else if (lastOpened.current === 'leave') leaveOpener.current?.focus();
    else if (lastOpened.current === 'bot') botOpener.current?.focus();
  }, [confirming]);

  const run = async (what: () => Promise<void>, failure: string) => {
    setBusy(true);
    setError(null);
    try {
      await what();
    } catch (err) {
      setError(t(failure, { reason: lobbyError(err) }));
    } finally {
      setBusy(false);
    }
  };

  const rename = (e: FormEvent) => {
    e.preventDefault();
    const wanted = newName.trim();
    setRenamedTo(null);
    if (!wanted) return setError(t('online.seat.nameEmpty'));
    if (wanted === name) return;
    void run(async () => {
      const renamed = await renameSeat(matchID, seat, wanted);
      setRenamedTo(wanted);
      onRenamed(renamed);
    }, 'online.seat.renameFailed');
  };

  const open = (what: Exclude<Confirming, null>) => {
    lastOpened.current = what;
    setError(null);
    setConfirming(what);
  };

  const confirm = () => {
    if (confirming === 'leave')
      void run(async () => {
        await leaveSeat(matchID, seat);
        onLeft();
      }, 'online.seat.leaveFailed');
    else if (confirming === 'bot')
      void run(async () => {
        await handSeatToBot(matchID, seat, seat.playerID, level);
        lastOpened.current = null;
        setConfirming(null);
        onHanded(level);
      }, 'online.seat.botFailed');
  };

  return (
    <section className="my-seat" aria-labelledby="my-seat-title" data-testid="my-seat">
      <h2 id="my-seat-title">{t('online.seat.title')}</h2>
      <form className="rename" onSubmit={rename}>
        <label className="field">
          <span>{t('online.seat.nameLabel')}</span>
          <input
            value={newName}
            maxLength={NAME_MAX}
            autoComplete="nickname"
            data-testid="rename-input"
            onChange={(e) => setNewName(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="rename-seat" disabled={busy}>
          {t('online.seat.rename')}
        </button>
        <span role="status" className="small" data-testid="rename-status">
          {renamedTo ? t('online.seat.renamed', { name: renamedTo }) : ''}
        </span>
      </form>
      {running && confirming === null && (
        <div className="seat-actions">
          <button type="button" ref={botOpener} data-testid="hand-to-bot" onClick={() => open('bot')}>
            {t('online.seat.handToBot')}
          </button>
          <button type="button" ref={leaveOpener} data-testid="leave-seat" onClick={() => open('leave')}>
            {t('online.seat.leave')}
          </button>
        </div>
      )}
      {running && confirming !== null && (
        <div
          className="confirm"
          role="group"
          aria-labelledby="seat-confirm-question"
          aria-describedby="seat-confirm-detail"
          data-testid="seat-confirm"
        >
          <p id="seat-confirm-question">
            <strong>
              {confirming === 'leave' ? t('online.seat.leaveQuestion') : t('online.seat.botQuestion')}
            </strong>
          </p>
          <p id="seat-confirm-detail" className="small">
            {confirming === 'leave' ? t('online.seat.leaveDetail') : t('online.seat.botDetail')}
          </p>
          {confirming === 'bot' && (
            <BotLevelField value={level} onChange={setLevel} testId="my-seat-bot-level" />
          )}
          <div className="buttons">
            <button
              type="button"
              className="primary"
              data-testid="confirm-seat-action"
              disabled={busy}
              onClick={confirm}
            >
              {confirming === 'leave'
                ? t('online.seat.leaveYes')
                : t('online.seat.botYes', { level: t(`botLevels.${level}`) })}
            </button>
            <button
              type="button"
              ref={cancel}
              data-testid="cancel-seat-action"
              disabled={busy}
              onClick={() => setConfirming(null)}
            >
              {t('online.seat.cancel')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="alert" role="alert" data-testid="seat-error">
          {error}
        </p>
      )}
    </section>
  );
}
