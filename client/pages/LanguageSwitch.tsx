/**
 * English / Français in the header: the choice applies at once and is remembered. On a phone at
 * the table the buttons show the codes (EN / FR), leaving the game's name room; the tooltip says it
 * whole. The words shown are the button's name (no other label), as speech-input users say them.
 */
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, setLanguage, type Language } from '../i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('pages');
  const current = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2);
  return (
    <div className="language-switch" role="group" aria-label={t('language')}>
      {LANGUAGES.map((lang: Language) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={current === lang}
          data-testid={`language-${lang}`}
          title={LANGUAGE_NAMES[lang]}
          onClick={() => setLanguage(lang)}
        >
          <span className="language-name">{LANGUAGE_NAMES[lang]}</span>
          <span className="language-code">{lang.toUpperCase()}</span>
        </button>
      ))}
    </div>
  );
}
