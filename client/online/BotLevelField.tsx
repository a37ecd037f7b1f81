/** The bot level to hand a seat to: a labelled select of the playable levels. */
import { useTranslation } from 'react-i18next';
import { type BotLevel, PLAYABLE_BOT_LEVELS } from '../../game';

export function BotLevelField(props: {
  value: BotLevel;
  onChange: (level: BotLevel) => void;
  testId: string;
}) {
  const { t } = useTranslation('pages');
  return (
    <label className="field">
      <span>{t('online.seat.botLevel')}</span>
      <select
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.value as BotLevel)}
      >
        {PLAYABLE_BOT_LEVELS.map((b) => (
          <option key={b} value={b}>
            {t(`botLevels.${b}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
