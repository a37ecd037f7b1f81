/**
 * A planet drawn for the home page: KSB-4156's squares from the game's data, most of them covered
 * by terrain in tile-sized patches, a few lifepods and rovers still on it, as a planet looks late
 * in a game. A picture only (its text alternative says what it shows); no canvas, no download.
 */
import { planetById } from '../../game';
import { TERRAIN_COLOR } from '../i18n/labels';

const TERRAINS = ['civ', 'water', 'biomass', 'rover', 'tech', 'energy'] as const;
const CELL = 22;
const PAD = 26;

/** A fixed, tile-like pattern: 2×2-ish patches of one terrain, a few squares left bare. */
function terrainAt(x: number, y: number): (typeof TERRAINS)[number] | null {
  if ((x * 31 + y * 17) % 11 < 2) return null;
  const patch = Math.floor((x + (y % 2)) / 2) * 3 + Math.floor(y / 2) * 5;
  return TERRAINS[patch % TERRAINS.length] ?? null;
}

export function PlanetPicture({ label }: { label: string }) {
  const planet = planetById('ksb-4156');
  const size = planet.grid.length * CELL + PAD * 2;
  const centre = size / 2;
  const squares: { x: number; y: number; ice: boolean; pod: boolean }[] = [];
  planet.grid.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      if (ch !== '.') squares.push({ x, y, ice: ch === 'I' || ch === 'Q', pod: ch === 'P' || ch === 'Q' });
    }),
  );
  return (
    <svg
      className="planet-picture"
      data-testid="planet-picture"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
    >
      <defs>
        <radialGradient id="planet-picture-glow" cx="40%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#3b5b8f" />
          <stop offset="100%" stopColor="#15213a" />
        </radialGradient>
      </defs>
      <circle cx={centre} cy={centre} r={centre - 2} fill="url(#planet-picture-glow)" />
      {squares.map(({ x, y, ice, pod }) => {
        const terrain = pod ? null : terrainAt(x, y);
        const fill = terrain ? TERRAIN_COLOR[terrain] : ice ? '#dcefff' : '#efe8d6';
        return (
          <g key={`${x}-${y}`}>
            <rect
              x={PAD + x * CELL + 1}
              y={PAD + y * CELL + 1}
              width={CELL - 2}
              height={CELL - 2}
              rx={3}
              fill={fill}
              stroke="#1d1d1d"
              strokeOpacity={0.25}
            />
            {pod && (
              <circle
                cx={PAD + x * CELL + CELL / 2}
                cy={PAD + y * CELL + CELL / 2}
                r={CELL / 4}
                fill="#e8832a"
                stroke="#5a2d06"
              />
            )}
          </g>
        );
      })}
      {/* Two rovers out on the planet. */}
      {[
        [6, 5],
        [3, 8],
      ].map(([x = 0, y = 0]) => (
        <rect
          key={`rover-${x}-${y}`}
          x={PAD + x * CELL + 5}
          y={PAD + y * CELL + 5}
          width={CELL - 10}
          height={CELL - 10}
          fill="#1d1d1d"
          transform={`rotate(45 ${PAD + x * CELL + CELL / 2} ${PAD + y * CELL + CELL / 2})`}
        />
      ))}
    </svg>
  );
}
