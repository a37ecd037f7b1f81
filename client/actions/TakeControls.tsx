/** Take the small or the large tile of the depot you face (§3.5); an unplaceable tile is disabled. */
import type { ControlProps } from './turn-controls';
import { facingDepot } from '../../game/rules/turn';
import { tileLabel } from '../labels';

export function TakeControls({ G, player, actions, send }: ControlProps) {
  const turn = G.private[player]?.turn;
  if (!turn || turn.kind !== 'round' || turn.draft.taken) return null;
  const depotIndex = facingDepot(G, player);
  const depot = G.station.depots[depotIndex];
  if (!depot) return null;
  const legal = new Set(actions.flatMap((a) => (a.type === 'takeTile' ? [a.stack] : [])));
  return (
    <fieldset data-testid="take-controls">
      <legend>Take a tile from depot {depotIndex}, which you face</legend>
      <div className="buttons">
        {(['small', 'large'] as const).map((stack) => {
          const top = depot[stack].top;
          const ok = legal.has(stack);
          return (
            <button
              type="button"
              key={stack}
              disabled={!ok}
              data-action={ok ? 'takeTile' : undefined}
              data-testid={`take-${stack}`}
              onClick={() => send({ type: 'takeTile', stack })}
            >
              Take {stack}: {top === null ? 'empty' : tileLabel(top)}
              {!ok && top !== null ? ' (cannot be taken now)' : ''}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
