/**
 * The planet's key: each terrain's colour and pattern (the same as drawn), with its name, then the
 * other symbols of the drawing: ice, lifepods, meteorites, rovers, holes (on a planet that has
 * them), and the ✓ / ✗ beside complete and cancelled rows and columns.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TERRAINS } from '../../game';
import civ from '../../assets/terrain-civ.svg';
import water from '../../assets/terrain-water.svg';
import biomass from '../../assets/terrain-biomass.svg';
import rover from '../../assets/terrain-rover.svg';
import tech from '../../assets/terrain-tech.svg';
import energy from '../../assets/terrain-energy.svg';
import resource from '../../assets/resource-icon.svg';

/** Each terrain's swatch, as the planet draws it. */
export const TERRAIN_ICONS: Record<string, string> = { civ, water, biomass, rover, tech, energy };

/** Small drawings of the planet's symbols, as the canvas draws them (decorative: the text names them). */
const SYMBOLS: Record<string, ReactNode> = {
  ice: (
    <>
      <rect width="18" height="18" fill="#dcefff" stroke="#7aa6cc" />
      <path d="M4 14l10-10M4 9l5-5M9 14l5-5" stroke="#7aa6cc" strokeWidth="1.4" />
    </>
  ),
  lifepod: <circle cx="9" cy="9" r="6" fill="#f08c3a" stroke="#1d1d1d" strokeWidth="1.4" />,
  meteorite: <path d="M4 10l3-6 6 1 2 6-4 4-5-1z" fill="#6d5d50" stroke="#1d1d1d" strokeWidth="1.2" />,
  rover: (
    <>
      <rect x="2" y="4" width="14" height="8" rx="2" fill="#fafafa" stroke="#1d1d1d" strokeWidth="1.3" />
      <circle cx="5.5" cy="14" r="2" fill="#1d1d1d" />
      <circle cx="12.5" cy="14" r="2" fill="#1d1d1d" />
    </>
  ),
  hole: <rect x="1" y="1" width="16" height="16" rx="4" fill="#2b2622" />,
  complete: (
    <>
      <circle cx="9" cy="9" r="7.5" fill="none" stroke="#1b7f2a" strokeWidth="1.5" />
      <path d="M5 9.5l3 3 5-6" fill="none" stroke="#1b7f2a" strokeWidth="2" />
    </>
  ),
  cancelled: (
    <>
      <circle cx="9" cy="9" r="7.5" fill="none" stroke="#b3261e" strokeWidth="1.5" />
      <path d="M6 6l6 6M12 6l-6 6" stroke="#b3261e" strokeWidth="2" />
    </>
  ),
};

export function TerrainLegend({ holes = false }: { holes?: boolean }) {
  const { t } = useTranslation('table');
  const symbols = [
    'ice',
    'lifepod',
    'meteorite',
    'rover',
    ...(holes ? ['hole'] : []),
    'complete',
    'cancelled',
  ];
  return (
    <ul className="terrain-legend" aria-label={t('legendTitle')} data-testid="terrain-legend">
      {TERRAINS.map((terrain) => (
        <li key={terrain}>
          <img src={TERRAIN_ICONS[terrain]} alt="" />
          {t(`terrain.${terrain}`)}
        </li>
      ))}
      <li>
        <img src={resource} alt="" />
        {t('resourceIcon')}
      </li>
      {symbols.map((symbol) => (
        <li key={symbol} data-symbol={symbol}>
          <svg viewBox="0 0 18 18" width="18" height="18" aria-hidden="true" focusable="false">
            {SYMBOLS[symbol]}
          </svg>
          {t(`legend.${symbol}`)}
        </li>
      ))}
    </ul>
  );
}
