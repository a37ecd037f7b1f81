/** The commander turns the station (§3.3): one button per orientation, saying which depot they would face. */
import type { ControlProps } from './turn-controls';
import { facingDepot } from '../../game/rules/turn';

export function RotateControls({ G, player, actions, send }: ControlProps) {
  const rotations = actions.flatMap((a) => (a.type === 'rotate' ? [a.rotation] : []));
  if (!rotations.length) return null;
  return (
    <fieldset data-testid="rotate-controls">
      <legend>You are the commander: turn the station</legend>
      <div className="buttons">
        {rotations.map((r) => {
          const depot = facingDepot({ ...G, station: { ...G.station, rotation: r } }, player);
          return (
            <button
              type="button"
              key={r}
              data-action="rotate"
              data-testid={`rotate-${r}`}
              onClick={() => send({ type: 'rotate', rotation: r })}
            >
              Orientation {r}
              {r === G.station.rotation ? ' (current)' : ''} — you face depot {depot}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
