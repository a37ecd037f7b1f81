/** Says loudly that the end of the game was triggered and this round is the last (§6.1). */
import { useTranslation } from 'react-i18next';
import type { GameState } from '../../game';
import './board.css';

export function LastRoundBanner({ G }: { G: GameState }) {
  const { t } = useTranslation('board');
  if (G.endTriggers.length === 0 || G.result || G.step === 'over') return null;
  const reasons = [...new Set(G.endTriggers)].map((r) => t(`lastRound.${r}`)).join(t('reward.and'));
  return (
    <section
      className="last-round-banner"
      role="status"
      data-testid="last-round"
      aria-labelledby="last-round-title"
    >
      <h2 id="last-round-title">
        <span aria-hidden="true">⚠ </span>
        {t('lastRound.title')}
      </h2>
      <p>{t('lastRound.text', { reasons })}</p>
    </section>
  );
}
