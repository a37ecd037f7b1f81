/**
 * What the end screen offers next, so the end of a game is never a dead end: play again (the same
 * seats and options: a local game with a new seed, an online match through its own play-again),
 * a new game (the home page's settings) and the home page. A later Replay button takes its place
 * in the same row (`extra`).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../pages/home.css';

interface Props {
  /** Play again: a link (a local game's next table) or the page's own control (an online match's). */
  playAgain?: { href: string } | ReactNode;
  /** Where a new game is set up (the home page's local or online settings). */
  newGameHref: string;
  /** More actions in the same row (a later Replay). */
  extra?: ReactNode;
}

const isLink = (v: Props['playAgain']): v is { href: string } =>
  typeof v === 'object' && v !== null && 'href' in v && typeof (v as { href: unknown }).href === 'string';

export function EndActions({ playAgain, newGameHref, extra }: Props) {
  const { t } = useTranslation('end');
  return (
    <nav className="end-actions" data-testid="end-actions" aria-label={t('next.label')}>
      {isLink(playAgain) ? (
        <a className="button-link primary" href={playAgain.href} data-testid="play-again">
          {t('next.again')}
        </a>
      ) : (
        playAgain
      )}
      <a className="button-link" href={newGameHref} data-testid="new-game">
        {t('next.newGame')}
      </a>
      <a className="button-link" href="#/" data-testid="end-home">
        {t('next.home')}
      </a>
      {extra}
    </nav>
  );
}
