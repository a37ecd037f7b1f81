/**
 * The pages: home (local and online), a local table, an online match; header with the language
 * switch. The two table pages load on demand, so the first download is the home page only.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalSetup } from './local/LocalSetup';
import { OnlineLobby } from './online/OnlineLobby';
import { LanguageSwitch } from './pages/LanguageSwitch';
import { ResumeList } from './pages/ResumeList';
import { useRoute, type Route } from './routes';
import { encodeLocalSpec } from './local/setup-spec';
import type { LocalGameProps } from './local/LocalGame';
import { loadable } from './loadable';
import { PreferencesPanel } from './prefs/PreferencesPanel';

const MAIN_ID = 'main-content';

function Loading() {
  const { t } = useTranslation('common');
  return <p data-testid="page-loading">{t('loading')}</p>;
}

// Loaded without Suspense: React holds a suspended page back 300 ms after its placeholder shows,
// even when its code is already here (main.tsx fetches it while the home page is idle).
const LocalGame = loadable<LocalGameProps>(
  () => import('./local/LocalGame').then((m) => ({ default: m.LocalGame })),
  <Loading />,
);
const OnlineGame = loadable<{ matchID: string }>(
  () => import('./online/OnlineGame').then((m) => ({ default: m.OnlineGame })),
  <Loading />,
);

export function App() {
  const { t, i18n } = useTranslation('pages');
  const route = useRoute();
  useEffect(() => {
    document.title = t('common:appName');
    document.documentElement.lang = i18n.resolvedLanguage ?? i18n.language;
  }, [t, i18n.resolvedLanguage, i18n.language]);
  return (
    <>
      {/* An in-page link would change the hash route, so the skip link moves focus itself. */}
      <a
        className="skip-link"
        href={`#${MAIN_ID}`}
        onClick={(e) => {
          e.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t('skip')}
      </a>
      <header className="top">
        <p className="brand">
          <a href="#/">{t('common:appName')}</a>
        </p>
        <nav aria-label={t('nav')}>
          {route.page !== 'home' && (
            <a href="#/" data-testid="home-link">
              {t('leave')}
            </a>
          )}
        </nav>
        <LanguageSwitch />
      </header>
      <main id={MAIN_ID} tabIndex={-1}>
        <Page route={route} />
      </main>
    </>
  );
}

function Page({ route }: { route: Route }) {
  const { t } = useTranslation('pages');
  if (route.page === 'local' && 'error' in route)
    return (
      <section className="panel narrow" data-testid="route-error" aria-labelledby="route-error-title">
        <h1 id="route-error-title">{t('badLink.title')}</h1>
        <p className="alert" role="alert">
          {route.error}
        </p>
        <p>
          <a href="#/">{t('badLink.home')}</a>
        </p>
      </section>
    );
  if (route.page === 'local')
    return (
      <>
        <h1 className="sr-only">{t('table.localTitle')}</h1>
        <LocalGame key={encodeLocalSpec(route.spec)} spec={route.spec} />
      </>
    );
  if (route.page === 'resume')
    return (
      <>
        <h1 className="sr-only">{t('table.localTitle')}</h1>
        <LocalGame key={route.gameId} resume={route.gameId} />
      </>
    );
  if (route.page === 'match')
    return (
      <>
        <h1 className="sr-only">{t('table.onlineTitle')}</h1>
        <OnlineGame key={route.matchID} matchID={route.matchID} />
      </>
    );
  return (
    <div data-testid="home">
      <h1 className="home-title">{t('home.title')}</h1>
      <p className="intro">{t('home.intro')}</p>
      <ResumeList />
      <div className="home">
        <LocalSetup seed={route.seed} />
        <OnlineLobby />
      </div>
      <details className="panel home-preferences" data-testid="home-preferences">
        <summary>{t('prefs:open')}</summary>
        <PreferencesPanel titleShown={false} />
      </details>
    </div>
  );
}
