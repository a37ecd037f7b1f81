import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18next } from './i18n';
import './styles.css';

document.documentElement.lang = i18next.resolvedLanguage ?? i18next.language;
const root = document.getElementById('root');
if (!root) throw new Error(i18next.t('pages:noRoot'));
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

/**
 * Once the first page is up and the browser is idle, fetch the table's code (the local table, the
 * drawn planet and station with pixi.js), so that "Start" opens a table already loaded. Each import
 * is the chunk the table loads on demand; a failure here is ignored (the table asks again).
 */
function prefetchTable(): void {
  for (const load of [
    () => import('./local/LocalGame'),
    () => import('./table/pixi/PlanetScene'),
    () => import('./table/pixi/StationScene'),
  ])
    load().catch(() => {});
}
const whenIdle: (run: () => void) => void =
  typeof requestIdleCallback === 'function'
    ? (run) => requestIdleCallback(run, { timeout: 2000 })
    : (run) => setTimeout(run, 500);
whenIdle(prefetchTable);
