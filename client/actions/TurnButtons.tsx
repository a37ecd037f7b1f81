/**
 * Undo the last step, restart the turn, confirm it (R4, §3.8), by button or keyboard:
 * Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Backspace restarts, Ctrl+Enter confirms.
 */
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Action } from '../../game';

type TurnCommand = 'undo' | 'restart' | 'confirm';

/** The command a key press asks for, or null. Typing in a text field is left alone. */
export function shortcutOf(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'target'>,
): TurnCommand | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const target = e.target as HTMLElement | null;
  const tag = target?.tagName;
  const typing =
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    target?.isContentEditable === true ||
    (tag === 'INPUT' &&
      !['checkbox', 'radio', 'button', 'submit'].includes((target as HTMLInputElement).type));
  if (typing) return null;
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
}: {
  /** How many steps the turn has taken so far. */
  steps: number;
  /** Whether undo and restart may take a step back now (the rules decide: `mayTakeBack`). */
  canTakeBack: boolean;
  actions: Action[];
  send(a: Action): void;
}) {
  const { t } = useTranslation('turn');
  const canConfirm = actions.some((a) => a.type === 'confirm');
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
      className="buttons turn-buttons"
      role="group"
      aria-label={t('buttons.label')}
      data-testid="turn-buttons"
    >
      <button
        type="button"
        data-testid="undo"
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
        data-action={canConfirm ? 'confirm' : undefined}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        aria-describedby={canConfirm ? undefined : 'confirm-not-ready'}
        onClick={() => send({ type: 'confirm' })}
      >
        <span aria-hidden="true">✔ </span>
        {t('buttons.confirm')}
      </button>
      {!canConfirm && (
        <span className="small" id="confirm-not-ready">
          {' '}
          {t('buttons.notReady')}
        </span>
      )}
      <span className="small shortcut-hint" data-testid="turn-steps">
        {t('buttons.steps', { count: steps })} · {t('buttons.shortcuts')}
      </span>
    </div>
  );
}
