/** Undo the last step, restart the turn, confirm it (R4, §3.8). */
import type { Action, TurnState } from '../../game/core/types';

export function TurnButtons({
  turn,
  actions,
  send,
}: {
  turn: TurnState;
  actions: Action[];
  send(a: Action): void;
}) {
  const canConfirm = actions.some((a) => a.type === 'confirm');
  const steps = turn.steps.length;
  return (
    <div className="buttons turn-buttons">
      <button type="button" data-testid="undo" disabled={steps === 0} onClick={() => send({ type: 'undo' })}>
        Undo last step
      </button>
      <button
        type="button"
        data-testid="restart"
        disabled={steps === 0}
        onClick={() => send({ type: 'restart' })}
      >
        Restart turn
      </button>
      <button
        type="button"
        className="primary"
        data-testid="confirm"
        data-action={canConfirm ? 'confirm' : undefined}
        onClick={() => send({ type: 'confirm' })}
      >
        Confirm turn
      </button>
      {!canConfirm && <span className="small"> (not ready: confirming now tells you what is missing)</span>}
    </div>
  );
}
