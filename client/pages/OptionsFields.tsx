/**
 * The match options both the local and the online forms offer: event deck (a preset or a custom
 * mix of 20), how planets and corporations reach the seats (R33: solo picks freely by default),
 * objectives, variant. An impossible mix is explained with the engine's own message;
 * the forms keep their start button disabled meanwhile. Solo shows the target the deck sets.
 */
import { useTranslation } from 'react-i18next';
import { BOARDS_MODES, type BoardsMode, EVENT_DECK_SIZE, EVENT_PRESETS } from '../../game';
import {
  DEFAULT_CUSTOM_MIX,
  defaultBoards,
  EVENT_COLORS,
  EVENT_PRESET_NAMES,
  optionsError,
  soloTargetFor,
  type OptionsForm,
} from './match-options';

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
  const custom = value.custom ?? DEFAULT_CUSTOM_MIX;
  const customTotal = EVENT_COLORS.reduce((sum, c) => sum + (Number.isFinite(custom[c]) ? custom[c] : 0), 0);
  const error = optionsError(value, players);
  const target = solo && !error ? soloTargetFor(value) : null;
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
          <option value="custom">{t('options.custom')}</option>
        </select>
      </label>
      {events === 'custom' && (
        <fieldset className="event-mix" data-testid={`${idPrefix}-event-mix`}>
          <legend>{t('options.mix', { size: EVENT_DECK_SIZE })}</legend>
          {EVENT_COLORS.map((color) => (
            <label key={color} className="field">
              <span>{t(`options.colors.${color}`)}</span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={EVENT_DECK_SIZE}
                step={1}
                value={Number.isNaN(custom[color]) ? '' : custom[color]}
                data-testid={`${idPrefix}-events-${color}`}
                onChange={(e) =>
                  onChange({
                    ...value,
                    custom: { ...custom, [color]: e.target.value === '' ? NaN : Number(e.target.value) },
                  })
                }
              />
            </label>
          ))}
          <p className="small" data-testid={`${idPrefix}-events-total`}>
            {t('options.mixTotal', { total: customTotal, size: EVENT_DECK_SIZE })}
          </p>
        </fieldset>
      )}
      <label className="field">
        <span>{t('options.boards')}</span>
        <select
          data-testid={`${idPrefix}-boards`}
          value={value.boards ?? defaultBoards(players)}
          onChange={(e) => onChange({ ...value, boards: e.target.value as BoardsMode })}
        >
          {BOARDS_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t(`options.boardsModes.${mode}`)}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p className="alert" role="alert" data-testid={`${idPrefix}-options-error`}>
          {t('options.invalid', { reason: error })}
        </p>
      )}
      {solo && <p className="small">{t('options.soloEvents')}</p>}
      {target !== null && (
        <p data-testid={`${idPrefix}-solo-target`}>{t('options.soloTarget', { target })}</p>
      )}
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
