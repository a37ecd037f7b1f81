/**
 * "This planet's rule" (§8.1): each planet at the table with its own rule, in the player's
 * language, and the key to its drawn layers (the same marks as on the canvas, drawn small). The
 * viewer's planet comes first and open; the others' planets follow, folded.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GRID,
  type GameState,
  type PlanetData,
  planetById,
  planetWaiverRule,
  type PlayerBoard,
  type PlayerID,
} from '../../game';
import { useContentText } from '../i18n/content-text';
import { playerName } from '../i18n/labels';
import { RuleWhy } from '../i18n/messages';
import { liftedRestrictions } from '../actions/RestrictionWaivers';
import { carriedMeteorites, type LayerAt, type LayerKind, layersAt, planetLayers } from './planet-layers';

/** The values a layer's text names, read from the planet's data. */
function layerValues(planet: PlanetData, at: LayerAt): Record<string, string | number> {
  if (at.kind === 'city') return { medals: planet.extra.uncoveredCityMedals ?? 0 };
  if (at.kind === 'subPlanet')
    return { medals: at.subPlanet?.bonus ?? planetLayers(planet).subPlanets[0]?.bonus ?? 0 };
  return {};
}

/** The lines a tooltip shows for one square of a planet: each of its layers and what it does. */
export function planetTipLines(t: TFunction, planet: PlanetData, cell: number): string[] {
  const layers = planetLayers(planet);
  return layersAt(layers, cell).map((at) => {
    if (at.kind === 'quadrant' && at.quadrant)
      return t('quadrant', {
        ns: 'planet',
        quadrant: t(`corner.${at.quadrant.name}`, { ns: 'planet' }),
        resource: t(`terrain.${at.quadrant.forbids}`, { ns: 'table' }).toLowerCase(),
      });
    return t('tipLine', {
      ns: 'planet',
      name: t(`layer.${at.kind}.name`, { ns: 'planet' }),
      text: t(`layer.${at.kind}.text`, { ns: 'planet', ...layerValues(planet, at) }),
    });
  });
}

/** A layer's mark as the canvas draws it, small, for the key (decorative: the text says it). */
export function LayerSwatch({ kind }: { kind: LayerKind }) {
  const line = { fill: 'none', strokeWidth: 1.6, strokeLinecap: 'round' as const };
  const body: Record<LayerKind, ReactNode> = {
    city: (
      <>
        <rect width="20" height="20" fill="#f1dcb4" />
        <path d="M3 17V9h4v8M8 17V5h5v12M14 17v-6h4v6z" fill="#6b3d12" />
      </>
    ),
    ring: (
      <>
        <rect width="20" height="20" fill="#efe8d6" />
        <path d="M0 6h20M0 14h20" stroke="#6a3d9a" {...line} opacity="0.6" />
        <path d="M0 1.5h20M0 18.5h20" stroke="#6a3d9a" {...line} strokeWidth={3} />
      </>
    ),
    quadrant: (
      <>
        <rect width="20" height="20" fill="#efe8d6" />
        <path d="M10 0v4M10 8v4M10 16v4M0 10h4M8 10h4M16 10h4" stroke="#6a3d9a" {...line} strokeWidth={2.5} />
        <circle cx="15" cy="5" r="4" fill="#fff" stroke="#b3261e" strokeWidth="1.5" />
        <path d="M12.2 2.2l5.6 5.6" stroke="#b3261e" strokeWidth="1.5" />
      </>
    ),
    chasm: (
      <>
        <rect width="20" height="20" fill="#efe8d6" />
        <path d="M8 0v7h4v13" stroke="#2a1708" {...line} strokeWidth={4} strokeLinecap="butt" />
      </>
    ),
    chasmBreak: (
      <>
        <rect width="20" height="20" fill="#efe8d6" />
        <path d="M10 0v10M10 10v10" stroke="#2a1708" strokeWidth="4" />
        <path d="M4 16L16 4M16 4h-5M16 4v5M4 16h5M4 16v-5" stroke="#fff" {...line} strokeWidth={3.5} />
        <path d="M4 16L16 4M16 4h-5M16 4v5M4 16h5M4 16v-5" stroke="#1d1d1d" {...line} />
      </>
    ),
    toxic: (
      <>
        <rect width="20" height="20" fill="#d9e0a8" />
        <path
          d="M0 7L7 0M0 14L14 0M0 20L20 0M6 20L20 6M13 20L20 13M0 13L7 20M0 6L14 20M0 0l20 20M6 0l14 14M13 0l7 7"
          stroke="#4d5a12"
          strokeWidth="0.8"
          opacity="0.4"
        />
        <circle cx="7" cy="11" r="3" fill="#4d5a12" />
        <circle cx="10.5" cy="9" r="3.6" fill="#4d5a12" />
        <circle cx="13.5" cy="11" r="2.8" fill="#4d5a12" />
        <rect x="7" y="11" width="6.8" height="2.8" fill="#4d5a12" />
      </>
    ),
    electric: (
      <>
        <rect width="20" height="20" fill="#f6eab0" />
        <path d="M1.5 10L5 5l3.4 9.4L11.6 5.6 15 15l3.4-5" stroke="#7a5c00" {...line} strokeWidth={2} />
      </>
    ),
    vortex: (
      <>
        <rect width="20" height="20" fill="#f4d3c8" />
        <path
          d="M10 10c1 0 1.6 1.2 1 2-1 1.4-3.4.8-3.6-1-.4-2.6 2.4-4.2 4.6-3.2 3 1.2 3.2 5.2 1 7.2-3 2.6-8 1-8.6-3"
          stroke="#0f5a73"
          {...line}
        />
      </>
    ),
    subPlanet: (
      <>
        <rect width="20" height="20" fill="#efe8d6" />
        <path d="M3 3h10v5h4v9H3z" fill="none" stroke="#fff" strokeWidth="4" />
        <path d="M3 3h10v5h4v9H3z" fill="none" stroke="#1f4e79" strokeWidth="2.2" />
      </>
    ),
    hole: (
      <>
        <rect width="20" height="20" fill="#2b2b3a" />
        <circle cx="10" cy="10" r="6" fill="none" stroke="#8a8aa0" strokeWidth="1.4" />
        <circle cx="10" cy="10" r="2.8" fill="none" stroke="#8a8aa0" strokeWidth="1.2" />
      </>
    ),
    void: (
      <>
        <rect width="20" height="20" fill="#101018" />
        <path d="M10 10c2-1 4 1 3 3s-5 2-6-1 2-6 6-5" stroke="#9a9ab8" {...line} strokeWidth={1.3} />
        <circle cx="10" cy="10" r="1.6" fill="#000" />
      </>
    ),
  };
  return (
    <svg className="layer-swatch" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      {body[kind]}
    </svg>
  );
}

/** A planet's rule and the key to its drawn layers. */
export function PlanetRule({ planet }: { planet: PlanetData }) {
  const { t } = useTranslation('planet');
  const content = useContentText();
  const layers = planetLayers(planet);
  return (
    <>
      <p className="planet-rule-text">{content.planetRule(planet.id)}</p>
      {layers.kinds.length > 0 && (
        <ul className="layer-key" aria-label={t('drawingKey')}>
          {layers.kinds.map((kind) => (
            <li key={kind} data-layer={kind}>
              <LayerSwatch kind={kind} />
              <span>
                {t('keyLine', {
                  name: t(`layer.${kind}.name`),
                  look: t(`layer.${kind}.look`),
                  text: t(`layer.${kind}.text`, layerValues(planet, { kind })),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

interface Props {
  G: GameState;
  /** The viewer's seat, whose planet comes first; null for a spectator. */
  player: PlayerID | null;
  names?: Record<string, string | undefined>;
}

/** Every planet at the table, each once, with the seats that play it. */
export function planetsAtTable(
  G: GameState,
  player: PlayerID | null,
): { planet: string; seats: PlayerID[] }[] {
  const seats = Object.keys(G.boards);
  const order =
    player !== null && seats.includes(player) ? [player, ...seats.filter((s) => s !== player)] : seats;
  const out: { planet: string; seats: PlayerID[] }[] = [];
  for (const seat of order) {
    const id = G.boards[seat]?.planet;
    if (!id) continue;
    const known = out.find((p) => p.planet === id);
    if (known) known.seats.push(seat);
    else out.push({ planet: id, seats: [seat] });
  }
  return out;
}

export function PlanetRulePanel({ G, player, names }: Props) {
  const { t } = useTranslation('planet');
  const content = useContentText();
  const planets = planetsAtTable(G, player);
  // The viewer's planet rule lifted for their turn (R10), marked where the rule is told.
  const lifted = liftedRestrictions(G, player).planet;
  if (planets.length === 0) return null;
  return (
    <section aria-labelledby="planet-rule-title" className="planet-rule" data-testid="planet-rule">
      <h2 id="planet-rule-title">{t('panelTitle')}</h2>
      {planets.map(({ planet, seats }, k) => {
        const data = planetById(planet);
        const mine = player !== null && seats.includes(player);
        const title = mine
          ? t('yours', { planet: content.planetName(planet) })
          : t('played', {
              planet: content.planetName(planet),
              players: seats.map((s) => playerName(s, names)).join(', '),
            });
        return (
          // The viewer's own planet (or, for a spectator, the first) opens; the others stay folded.
          <details
            key={planet}
            open={k === 0}
            data-testid={`planet-rule-${planet}`}
            data-waived={lifted === planet ? 'yes' : undefined}
          >
            <summary>{title}</summary>
            {lifted === planet && (
              <p className="waiver" data-testid="planet-rule-waived">
                {t('waived')} <RuleWhy rule={planetWaiverRule(planet)} />
              </p>
            )}
            <PlanetRule planet={data} />
          </details>
        );
      })}
    </section>
  );
}

/**
 * The tooltip text of a square, or null where there is nothing to say: the planet's layers there
 * and, on a board, any rover there carrying a meteorite (Horizon Group).
 */
export function squareTip(
  t: TFunction,
  planet: PlanetData,
  cell: number,
  board?: PlayerBoard,
): string | null {
  const carriers = board
    ? [...carriedMeteorites(board)].filter(([, at]) => at === cell).map(([id]) => id)
    : [];
  const lines = [
    ...planetTipLines(t, planet, cell),
    ...carriers.map((id) => t('carrying', { ns: 'planet', n: id + 1 })),
  ];
  if (lines.length === 0) return null;
  return [t('square', { ns: 'planet', x: cell % GRID, y: Math.floor(cell / GRID) }), ...lines].join('\n');
}
