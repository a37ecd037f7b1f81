/**
 * Undo the last step, restart the turn, confirm it (R4, §3.8), by button or keyboard:
 * Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Backspace restarts, Ctrl+Enter confirms. With the confirm timer
 * on, a complete turn confirms by itself after a countdown shown on the Confirm button.
 */
import { type ReactNode, useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Action, TurnKind } from '../../game';
import { mayAutoConfirm, useConfirmCountdown } from '../prefs/confirm-timer';
import { isTypingTarget } from '../prefs/keys';
import { usePreferences } from '../prefs/preferences';

type TurnCommand = 'undo' | 'restart' | 'confirm';

/** The command a key press asks for, or null. Typing in a text field is left alone. */
export function shortcutOf(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'target'>,
): TurnCommand | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  if (isTypingTarget(e.target)) return null;
  const key = e.key.toLowerCase();
  if (key === 'z' && !e.shiftKey) return 'undo';
  if (key === 'backspace' && e.shiftKey) return 'restart';
  if (key === 'enter' && !e.shiftKey) return 'confirm';
  return null;
}

export function TurnButtons({
  steps,
  canTakeBack,
  actions,
  send,
  kind = 'round',
  pending = 0,
  missing = null,
}: {
  /** What is missing before the turn may be confirmed (the engine's refusal of a confirm), if known. */
  missing?: ReactNode;
  /** How many steps the turn has taken so far. */
  steps: number;
  /** Which turn this is: the confirm timer runs in a civ or end-game turn only when nothing is left to do. */
  kind?: TurnKind;
  /** How many gains wait to be resolved. */
  pending?: number;
  /** Whether undo and restart may take a step back now (the rules decide: `mayTakeBack`). */
  canTakeBack: boolean;
  actions: Action[];
  send(a: Action): void;
}) {
  const { t } = useTranslation('turn');
  const { t: tp } = useTranslation('prefs');
  const canConfirm = actions.some((a) => a.type === 'confirm');
  const { confirmTimer } = usePreferences();
  const countdown = useConfirmCountdown(
    confirmTimer,
    mayAutoConfirm(kind, pending, actions),
    `${kind}|${steps}`,
    () => send({ type: 'confirm' }),
  );
  // An effect event sees the latest turn and `send`, so the listener is added once per mount.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const command = shortcutOf(e);
    if (!command) return;
    e.preventDefault();
    // Undo and restart with nothing done would only be rejected: nothing to say then.
    if (command !== 'confirm' && !canTakeBack) return;
    send({ type: command });
  });
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div
      className={`buttons turn-buttons${countdown.left === null ? '' : ' counting'}${canConfirm ? '' : ' not-ready'}`}
      role="group"
      aria-label={t('buttons.label')}
      data-testid="turn-buttons"
    >
      <button
        type="button"
        data-testid="undo"
        data-help={tp('turnHelp.undo')}
        disabled={!canTakeBack}
        aria-keyshortcuts="Control+Z Meta+Z"
        onClick={() => send({ type: 'undo' })}
      >
        <span aria-hidden="true">↶ </span>
        {t('buttons.undo')}
      </button>
      <button
        type="button"
        data-testid="restart"
        data-help={tp('turnHelp.restart')}
        disabled={!canTakeBack}
        aria-keyshortcuts="Control+Shift+Backspace Meta+Shift+Backspace"
        onClick={() => send({ type: 'restart' })}
      >
        <span aria-hidden="true">⟲ </span>
        {t('buttons.restart')}
      </button>
      <button
        type="button"
        className="primary"
        data-testid="confirm"
        data-help={tp('turnHelp.confirm')}
        data-action={canConfirm ? 'confirm' : undefined}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        aria-describedby={canConfirm ? undefined : 'confirm-not-ready'}
        onClick={() => send({ type: 'confirm' })}
      >
        <span aria-hidden="true">✔ </span>
        {t('buttons.confirm')}
        {countdown.left !== null && (
          <span className="confirm-countdown" data-testid="confirm-countdown">
            {' '}
            {tp('timer.left', { count: countdown.left })}
          </span>
        )}
      </button>
      {countdown.left !== null && (
        <button
          type="button"
          className="mini timer-stop"
          data-testid="confirm-timer-stop"
          aria-label={tp('timer.stopLabel')}
          title={tp('timer.stopLabel')}
          onClick={countdown.stop}
        >
          ✕
        </button>
      )}
      {/* Said once when the countdown starts, not every second. */}
      <span className="sr-only" role="status">
        {countdown.left !== null ? tp('timer.started', { count: confirmTimer }) : ''}
      </span>
      {/* Not ready: Confirm looks unready and says what is missing, in words, beside it. */}
      {!canConfirm && (
        <span className="small confirm-missing" id="confirm-not-ready" data-testid="confirm-missing">
          {missing ? (
            <>
              {t('buttons.missing')} {missing}
            </>
          ) : (
            t('buttons.notReady')
          )}
        </span>
      )}
      <span className="small shortcut-hint" data-testid="turn-steps">
        {t('buttons.steps', { count: steps })} · {t('buttons.shortcuts')}
      </span>
    </div>
  );
}
