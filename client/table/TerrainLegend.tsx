/** The terrain key: each terrain's colour and pattern (the same as drawn), with its name. */
import { useTranslation } from 'react-i18next';
import { TERRAINS } from '../../game';
import civ from '../../assets/terrain-civ.svg';
import water from '../../assets/terrain-water.svg';
import biomass from '../../assets/terrain-biomass.svg';
import rover from '../../assets/terrain-rover.svg';
import tech from '../../assets/terrain-tech.svg';
import energy from '../../assets/terrain-energy.svg';
import resource from '../../assets/resource-icon.svg';

const ICONS: Record<string, string> = { civ, water, biomass, rover, tech, energy };

export function TerrainLegend() {
  const { t } = useTranslation('table');
  return (
    <ul className="terrain-legend" aria-label={t('legendTitle')} data-testid="terrain-legend">
      {TERRAINS.map((terrain) => (
        <li key={terrain}>
          <img src={ICONS[terrain]} alt="" />
          {t(`terrain.${terrain}`)}
        </li>
      ))}
      <li>
        <img src={resource} alt="" />
        {t('resourceIcon')}
      </li>
    </ul>
  );
}
