/** The acting player's pending gains (R1), each with a button per way to resolve it. */
import type { Action, Choice, PendingItem } from '../../game/core/types';
import { tileById } from '../../game/data';
import { choiceLabel, hasCell, pendingLabel, shapeName } from '../labels';

interface Props {
  pending: PendingItem[];
  actions: Action[];
  send(a: Action): void;
  gridItem: PendingItem | null;
  selectGridItem(id: number): void;
  extraStack: 'small' | 'large' | null;
  setExtraStack(s: 'small' | 'large'): void;
  teleportRover: number | null;
  setTeleportRover(r: number): void;
  /** Top tile of each stack of the player's depot, for extra-tile cards. */
  depotTops: { small: number | null; large: number | null };
}

function choicesOf(actions: Action[], id: number): Choice[] {
  return actions.flatMap((a) => (a.type === 'resolve' && a.item === id ? [a.choice ?? {}] : []));
}

export function PendingControls(props: Props) {
  const { pending, actions, send, gridItem } = props;
  if (pending.length === 0) return <p data-testid="pending-none">No pending gains.</p>;
  return (
    <ol className="pending" data-testid="pending">
      {pending.map((item) => {
        const choices = choicesOf(actions, item.id);
        const buttons = choices.filter((c) => !hasCell(c));
        const cells = choices.filter(hasCell);
        const onGrid = gridItem?.id === item.id;
        return (
          <li key={item.id} data-testid={`pending-${item.id}`}>
            <span className="item">{pendingLabel(item)}</span>
            {choices.length === 0 && <em> — cannot be used now; it is lost when you confirm (§3.7).</em>}
            <span className="buttons">
              {buttons.map((choice, k) => (
                <button
                  type="button"
                  key={k}
                  data-action="resolve"
                  data-testid={`resolve-${item.id}-${k}`}
                  onClick={() => send({ type: 'resolve', item: item.id, choice })}
                >
                  {choiceLabel(item, choice)}
                </button>
              ))}
              {cells.length > 0 && item.kind === 'extraTile' && (
                <>
                  {(['small', 'large'] as const)
                    .filter((s) => cells.some((c) => c.stack === s))
                    .map((s) => {
                      const top = props.depotTops[s];
                      return (
                        <button
                          type="button"
                          key={s}
                          aria-pressed={onGrid && (props.extraStack ?? 'small') === s}
                          data-testid={`extra-${s}`}
                          onClick={() => {
                            props.selectGridItem(item.id);
                            props.setExtraStack(s);
                          }}
                        >
                          Place the {s} tile{top !== null ? ` #${top} ${shapeName(tileById(top).shape)}` : ''}
                        </button>
                      );
                    })}
                </>
              )}
              {cells.length > 0 && item.kind === 'teleport' && onGrid && (
                <>
                  {[...new Set(cells.map((c) => c.rover as number))].map((r) => (
                    <button
                      type="button"
                      key={r}
                      aria-pressed={(props.teleportRover ?? cells[0]?.rover) === r}
                      onClick={() => props.setTeleportRover(r)}
                    >
                      Teleport rover {r + 1}
                    </button>
                  ))}
                </>
              )}
              {cells.length > 0 && item.kind !== 'extraTile' && (
                <button
                  type="button"
                  aria-pressed={onGrid}
                  data-testid={`select-item-${item.id}`}
                  onClick={() => props.selectGridItem(item.id)}
                >
                  {onGrid ? `Click a highlighted square on your planet (${cells.length})` : 'Choose a square'}
                </button>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
