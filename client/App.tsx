/**
 * The pages: home (local and online), learn to play, a local table, an online match; header with the language
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
import { FinishedList } from './pages/FinishedList';
import { HomeIntro, showHomeSection } from './pages/HomeIntro';
import type { ReplayAt, ReplaySource } from './replay/ReplayViewer';

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
const LearnCourse = loadable<{ lesson: number | null }>(
  () => import('./learn/LearnCourse').then((m) => ({ default: m.LearnCourse })),
  <Loading />,
);
const RulesPage = loadable<{ section?: string }>(
  () => import('./rules/RulesPanel').then((m) => ({ default: m.RulesPage })),
  <Loading />,
);
const ReplayPage = loadable<{ source: ReplaySource; at?: ReplayAt }>(
  () => import('./replay/ReplayViewer').then((m) => ({ default: m.ReplayPage })),
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
  if (route.page === 'replay')
    return (
      <ReplayPage
        key={JSON.stringify(route.source)}
        source={route.source}
        {...(route.at === undefined ? {} : { at: route.at })}
      />
    );
  if (route.page === 'rules') return <RulesPage key={route.section ?? ''} section={route.section} />;
  if (route.page === 'learn')
    return <LearnCourse key={route.lesson ?? 'course'} lesson={route.lesson ?? null} />;
  return <Home seed={route.seed} setup={route.setup} />;
}

/** What the game is and the ways in first; the games to continue; then each way's settings. */
function Home({ seed, setup }: { seed?: string; setup?: 'local' | 'online' }) {
  const { t } = useTranslation('pages');
  // An end screen's New game: that game's settings in view.
  useEffect(() => {
    if (setup) showHomeSection(setup === 'local' ? 'local-title' : 'online-title');
  }, [setup]);
  return (
    <div data-testid="home">
      <HomeIntro seed={seed} />
      <ResumeList />
      <FinishedList />
      <div className="home">
        <LocalSetup seed={seed} />
        <OnlineLobby />
      </div>
      <details className="panel home-preferences" data-testid="home-preferences">
        <summary>{t('prefs:open')}</summary>
        <PreferencesPanel titleShown={false} />
      </details>
    </div>
  );
}
