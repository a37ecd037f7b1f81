/** The match options both the local and the online forms offer: event deck, objectives, variant. */
import { useTranslation } from 'react-i18next';
import { EVENT_PRESETS } from '../../game/setup-data';
import { EVENT_PRESET_NAMES, type OptionsForm } from './match-options';

export function OptionsFields({
  value,
  onChange,
  players,
  idPrefix,
}: {
  value: OptionsForm;
  onChange(next: OptionsForm): void;
  players: number;
  idPrefix: string;
}) {
  const { t } = useTranslation('pages');
  const solo = players === 1;
  // Solo has no "none": an empty choice there means the Standard deck (R19).
  const events = solo && value.events === 'none' ? 'standard' : value.events;
  return (
    <fieldset className="options" data-testid={`${idPrefix}-options`}>
      <legend>{t('options.legend')}</legend>
      <label className="field">
        <span>{t('options.events')}</span>
        <select
          data-testid={`${idPrefix}-events`}
          value={events}
          onChange={(e) => onChange({ ...value, events: e.target.value as OptionsForm['events'] })}
        >
          {!solo && <option value="none">{t('options.noEvents')}</option>}
          {EVENT_PRESET_NAMES.map((p) => (
            <option key={p} value={p}>
              {t('options.preset', { name: t(`options.presets.${p}`), ...EVENT_PRESETS[p] })}
            </option>
          ))}
        </select>
      </label>
      {solo && <p className="small">{t('options.soloEvents')}</p>}
      <label className="check">
        <input
          type="checkbox"
          data-testid={`${idPrefix}-private-objectives`}
          checked={solo || value.privateObjectives}
          disabled={solo}
          onChange={(e) => onChange({ ...value, privateObjectives: e.target.checked })}
        />
        <span>{t('options.privateObjectives')}</span>
      </label>
      {solo && <p className="small">{t('options.soloObjectives')}</p>}
      {players === 2 && (
        <label className="check">
          <input
            type="checkbox"
            data-testid={`${idPrefix}-two-player-variant`}
            checked={value.twoPlayerVariant}
            onChange={(e) => onChange({ ...value, twoPlayerVariant: e.target.checked })}
          />
          <span>{t('options.twoPlayerVariant')}</span>
        </label>
      )}
    </fieldset>
  );
}
