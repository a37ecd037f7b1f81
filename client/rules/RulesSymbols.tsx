/**
 * The rules' key to the table's symbols, drawn as the table draws them: the planet's terrains and
 * marks (the planet's own key), then every mark a corporation's track square can carry, each with
 * its words from the board's key.
 */
import { useTranslation } from 'react-i18next';
import { TerrainLegend } from '../table/TerrainLegend';
import { rewardShort } from '../board/rewards';
import { TRACK_MARKS } from '../board/track-marks';
import { trackName } from '../i18n/labels';

export function RulesSymbols() {
  const { t } = useTranslation(['rules', 'board']);
  const board = useTranslation('board').t;
  return (
    <div className="rules-symbols" data-testid="rules-symbols">
      <h4>{t('symbols.planet')}</h4>
      <TerrainLegend holes />
      <h4>{t('symbols.tracks')}</h4>
      <ul className="rules-marks">
        {TRACK_MARKS.map(({ kind, sample }) => (
          <li key={kind} data-symbol={kind}>
            <span className="corp-rewards rules-mark" aria-hidden="true">
              {rewardShort(board, sample)}
            </span>{' '}
            {board(`legend.${kind}`)}
          </li>
        ))}
        <li data-symbol="path">
          <span className="corp-rewards rules-mark" aria-hidden="true">
            {board('short.path', { step: 3 })}
          </span>{' '}
          {board('legend.path', { track: trackName('water') })}
        </li>
        <li data-symbol="box">{board('legend.box')}</li>
        <li data-symbol="lifepod">
          <span className="corp-rewards rules-mark" aria-hidden="true">
            {board('short.lifepod')}
          </span>{' '}
          {board('legend.lifepod')}
        </li>
      </ul>
    </div>
  );
}
