/**
 * The top of the home page: what the game is (a picture of a planet and two lines), and one click
 * to each way in: learn to play, play against a bot, play online, continue a game; the settings of
 * each follow below.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localSpecHref, type LocalSpec } from '../local/setup-spec';
import { listSavedGames, savedGamesStore } from '../local/saved-games';
import { heldSeats } from '../online/lobby';
import { learnHref } from '../routes';
import { rulesHref } from '../rules/sections';
import { PlanetPicture } from './PlanetPicture';
import './home.css';

/** Brings a section of the home page into view and puts the focus on its heading. */
export function showHomeSection(headingId: string): void {
  const heading = document.getElementById(headingId);
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  heading.focus({ preventScroll: true });
}

/** Whether this browser holds a game to go back to (a saved local one, an online seat). */
function useSomethingToContinue(): boolean {
  const [some, setSome] = useState(() => {
    try {
      return Object.keys(heldSeats()).length > 0;
    } catch {
      return false;
    }
  });
  useEffect(() => {
    const store = savedGamesStore();
    if (!store) return;
    let live = true;
    listSavedGames(store).then(
      (games) => live && games.length > 0 && setSome(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return some;
}

export function HomeIntro({ seed }: { seed?: string }) {
  const { t } = useTranslation('pages');
  const canContinue = useSomethingToContinue();
  // One person against one Cadet, the standard options: the quickest way to a table.
  const againstBot: LocalSpec = {
    seats: [
      { name: t('common:player', { n: 1 }), bot: null },
      { name: t('botName', { level: t('botLevels.cadet'), star: t('botStars.1') }), bot: 'cadet' },
    ],
    options: {},
    ...(seed ? { seed } : {}),
  };
  return (
    <section className="home-intro" data-testid="home-intro" aria-labelledby="home-title">
      <div className="home-intro-text">
        <h1 id="home-title" className="home-title">
          {t('home.title')}
        </h1>
        <p className="home-what">{t('homePage.what')}</p>
        <p className="intro">{t('home.intro')}</p>
        <nav className="home-entries" aria-label={t('homePage.entries')} data-testid="home-entries">
          {/* A first visit (nothing to continue) is offered the course first. */}
          <a
            className={`button-link home-entry${canContinue ? '' : ' primary'}`}
            href={learnHref}
            data-testid="entry-learn"
          >
            {t('homePage.learn')}
          </a>
          <a
            className={`button-link home-entry${canContinue ? ' primary' : ''}`}
            href={localSpecHref(againstBot)}
            data-testid="entry-bots"
          >
            {t('homePage.bots')}
          </a>
          <button
            type="button"
            className="home-entry"
            data-testid="entry-online"
            onClick={() => showHomeSection('online-title')}
          >
            {t('homePage.online')}
          </button>
          {canContinue && (
            <button
              type="button"
              className="home-entry"
              data-testid="entry-continue"
              onClick={() => showHomeSection('resume-title')}
            >
              {t('homePage.continue')}
            </button>
          )}
          <button
            type="button"
            className="home-entry link-like"
            data-testid="entry-options"
            onClick={() => showHomeSection('local-title')}
          >
            {t('homePage.options')}
          </button>
          <a className="button-link home-entry link-like" href={rulesHref()} data-testid="entry-rules">
            {t('homePage.rules')}
          </a>
        </nav>
      </div>
      <PlanetPicture label={t('homePage.picture')} />
    </section>
  );
}
