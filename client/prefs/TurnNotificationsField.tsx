/**
 * The "notify me" preference: a system notification when it becomes your turn in an online match
 * while the page is hidden. The browser is asked for its permission from this click only, never
 * on its own; a refusal leaves the preference off and says how to allow it later.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setPreference, usePreferences } from './preferences';

const notifications = (): typeof Notification | undefined =>
  typeof Notification === 'undefined' ? undefined : Notification;

export function TurnNotificationsField() {
  const { t } = useTranslation('prefs');
  const prefs = usePreferences();
  const [note, setNote] = useState<string | null>(null);
  const api = notifications();
  const turnOn = async () => {
    if (!api) return setNote(t('notify.unsupported'));
    const permission = api.permission === 'granted' ? 'granted' : await api.requestPermission();
    if (permission === 'granted') {
      setPreference('turnNotifications', true);
      setNote(null);
    } else setNote(t('notify.denied'));
  };
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          data-testid="pref-notifications"
          checked={prefs.turnNotifications && api?.permission === 'granted'}
          disabled={!api}
          onChange={(e) => {
            if (e.target.checked) void turnOn();
            else setPreference('turnNotifications', false);
          }}
        />
        <span>{t('notify.label')}</span>
      </label>
      {(note ?? !api) && (
        <p className="small" role="status" data-testid="pref-notifications-note">
          {note ?? t('notify.unsupported')}
        </p>
      )}
    </>
  );
}
