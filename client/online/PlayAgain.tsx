/**
 * "Play again" on the end screen of an online match: the Lobby's `playAgain` (the first player to
 * press it creates the next match with the same options; everyone after gets the same match), then
 * the same seat number in it, and the page moves there.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lobbyError, playAgain, type SeatCredentials } from './lobby';
import { matchHref } from '../routes';

export function PlayAgain({ matchID, seat }: { matchID: string; seat: SeatCredentials }) {
  const { t } = useTranslation('pages');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const again = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await playAgain(matchID, seat);
      window.location.hash = matchHref(next);
    } catch (err) {
      setError(t('online.again.failed', { reason: lobbyError(err) }));
      setBusy(false);
    }
  };
  return (
    <div className="play-again" data-testid="play-again-panel">
      <button
        type="button"
        className="primary"
        data-testid="play-again"
        disabled={busy}
        onClick={() => void again()}
      >
        {t('online.again.button')}
      </button>{' '}
      <span className="small">{t('online.again.hint', { n: Number(seat.playerID) + 1 })}</span>
      {error && (
        <p className="alert" role="alert" data-testid="play-again-error">
          {error}
        </p>
      )}
    </div>
  );
}
