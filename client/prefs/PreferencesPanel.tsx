/**
 * The player's preferences as a form: each change applies at once and is kept in this browser.
 * Shown in the table's drawer and on the home page.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANIMATION_SPEEDS,
  type AnimationSpeed,
  BOARD_SCALES,
  CONFIRM_TIMERS,
  type ConfirmTimer,
  prefersReducedMotion,
  resetPreferences,
  setPreference,
  usePreferences,
} from './preferences';
import { playBlip } from './sounds';
import { TurnNotificationsField } from './TurnNotificationsField';

export function PreferencesPanel({
  testid = 'preferences',
  titleShown = true,
}: {
  testid?: string;
  /** False where a visible heading already names the panel (the home page's summary). */
  titleShown?: boolean;
}) {
  const { t } = useTranslation('prefs');
  const prefs = usePreferences();
  const id = useId();
  return (
    <fieldset className="preferences" data-testid={testid}>
      <legend className={titleShown ? undefined : 'sr-only'}>{t('title')}</legend>
      <label className="field" htmlFor={`${id}-scale`}>
        <span>{t('boardScale')}</span>
        <select
          id={`${id}-scale`}
          data-testid="pref-board-scale"
          value={prefs.boardScale}
          onChange={(e) => setPreference('boardScale', Number(e.target.value))}
        >
          {BOARD_SCALES.map((scale) => (
            <option key={scale} value={scale}>
              {t('percent', { value: scale })}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-speed`}>
        <span>{t('animationSpeed')}</span>
        <select
          id={`${id}-speed`}
          data-testid="pref-animation-speed"
          value={prefs.animationSpeed}
          aria-describedby={prefersReducedMotion() ? `${id}-motion` : undefined}
          onChange={(e) => setPreference('animationSpeed', e.target.value as AnimationSpeed)}
        >
          {ANIMATION_SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {t(`speeds.${speed}`)}
            </option>
          ))}
        </select>
      </label>
      {prefersReducedMotion() && (
        <p className="small" id={`${id}-motion`}>
          {t('reducedMotion')}
        </p>
      )}
      <label className="field" htmlFor={`${id}-timer`}>
        <span>{t('confirmTimer')}</span>
        <select
          id={`${id}-timer`}
          data-testid="pref-confirm-timer"
          value={prefs.confirmTimer}
          aria-describedby={`${id}-timer-note`}
          onChange={(e) => setPreference('confirmTimer', Number(e.target.value) as ConfirmTimer)}
        >
          {CONFIRM_TIMERS.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds === 0 ? t('timerOff') : t('seconds', { count: seconds })}
            </option>
          ))}
        </select>
      </label>
      <p className="small" id={`${id}-timer-note`}>
        {t('confirmTimerNote')}
      </p>
      <label className="check">
        <input
          type="checkbox"
          data-testid="pref-sounds"
          checked={prefs.sounds}
          onChange={(e) => {
            setPreference('sounds', e.target.checked);
            // A sample, so the player hears what they chose (this click lets the page play sound).
            if (e.target.checked) playBlip('turn', true);
          }}
        />
        <span>{t('sounds')}</span>
      </label>
      <TurnNotificationsField />
      <label className="check">
        <input
          type="checkbox"
          data-testid="pref-strong-symbols"
          checked={prefs.strongSymbols}
          onChange={(e) => setPreference('strongSymbols', e.target.checked)}
        />
        <span>{t('strongSymbols')}</span>
      </label>
      <p className="small">{t('keys')}</p>
      <p>
        <button type="button" className="mini" data-testid="pref-reset" onClick={resetPreferences}>
          {t('reset')}
        </button>
      </p>
    </fieldset>
  );
}
