/** A tile drawn as its shape: each square in its terrain's colour and pattern, resources marked. */
import { orientationsOf, shapeById, tileById } from '../../game';
import civ from '../../assets/terrain-civ.svg';
import water from '../../assets/terrain-water.svg';
import biomass from '../../assets/terrain-biomass.svg';
import rover from '../../assets/terrain-rover.svg';
import tech from '../../assets/terrain-tech.svg';
import energy from '../../assets/terrain-energy.svg';
import resource from '../../assets/resource-icon.svg';

const PATTERN: Record<string, string> = { civ, water, biomass, rover, tech, energy };

interface Props {
  tileId: number;
  /** The engine's orientation (0–7); 0 as it lies in the station. */
  orientation?: number;
  cell?: number;
  /** A name for the picture; without one it is decoration beside words that say the same. */
  label?: string;
}

export function TileShape({ tileId, orientation = 0, cell = 26, label }: Props) {
  const tile = tileById(tileId);
  const o = orientationsOf(shapeById(tile.shape))[orientation];
  if (!o) return null;
  return (
    <svg
      className="tile-shape"
      width={o.width * cell}
      height={o.height * cell}
      viewBox={`0 0 ${o.width * cell} ${o.height * cell}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
    >
      {o.cells.map(([x, y], k) => {
        const square = tile.cells[k];
        if (!square) return null;
        return (
          <g key={k}>
            <image href={PATTERN[square.terrain]} x={x * cell} y={y * cell} width={cell} height={cell} />
            {square.resource && (
              <image
                href={resource}
                x={x * cell + cell * 0.25}
                y={y * cell + cell * 0.25}
                width={cell * 0.5}
                height={cell * 0.5}
              />
            )}
            {square.meteor && (
              <circle
                cx={x * cell + cell * 0.78}
                cy={y * cell + cell * 0.22}
                r={cell * 0.14}
                fill="#5a3d2b"
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}
