/**
 * The "Hint" button: what the strongest bot level would do now for the person on screen (about a
 * second of the Commander's search, off the page's thread), in words, and why.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameState, PlayerID } from '../../game';
import { useMessages } from '../i18n/messages';
import type { Decision, DecisionSource } from './bot-protocol';
import { describeAction } from './describe-action';

type HintState =
  | { kind: 'idle' }
  | { kind: 'thinking' }
  | { kind: 'ready'; decision: Decision }
  | { kind: 'failed'; reason: string };

export function HintPanel({
  G,
  player,
  name,
  source,
}: {
  G: GameState;
  player: PlayerID;
  name: string;
  source: DecisionSource;
}) {
  const { t } = useTranslation('local');
  const messages = useMessages();
  const [hint, setHint] = useState<HintState>({ kind: 'idle' });

  function ask() {
    setHint({ kind: 'thinking' });
    source.hint({ state: G, player }).then(
      (decision) => setHint({ kind: 'ready', decision }),
      (error: unknown) =>
        setHint({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) }),
    );
  }

  return (
    <section className="hint panel" data-testid="hint-panel" aria-label={t('hint.label', { name })}>
      <button
        type="button"
        data-testid="hint-button"
        aria-label={t('hint.buttonLabel', { name })}
        disabled={hint.kind === 'thinking'}
        onClick={ask}
      >
        {t('hint.button')}
      </button>
      <div aria-live="polite" data-testid="hint-result">
        {hint.kind === 'thinking' && <p>{t('hint.thinking')}</p>}
        {hint.kind === 'failed' && <p role="alert">{t('hint.failed', { reason: hint.reason })}</p>}
        {hint.kind === 'ready' && (
          <>
            <p data-testid="hint-action" data-hint-type={hint.decision.action.type}>
              {t('hint.suggestion', { action: describeAction(hint.decision.action, G, player, t) })}
            </p>
            <p data-testid="hint-reason" data-code={hint.decision.reason.code}>
              {t('hint.reason', { reason: messages.text(hint.decision.reason) })}
            </p>
            <button type="button" data-testid="hint-close" onClick={() => setHint({ kind: 'idle' })}>
              {t('hint.close')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
