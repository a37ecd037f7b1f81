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
