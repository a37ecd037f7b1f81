/**
 * The viewing player's own area: what they must do now, their controls (all from `legalActions`),
 * their turn in progress and their planet, which answers clicks for placements and square choices.
 */
import type { Action, GameState, PlayerBoard, PlayerID } from '../game/core/types';
import { awaiting, legalActions } from '../game/engine';
import { facingDepot } from '../game/rules/turn';
import { BoardView } from './BoardView';
import { CivOffer } from './actions/CivOffer';
import { ObjectiveChoice } from './actions/ObjectiveChoice';
import { PendingControls } from './actions/PendingControls';
import { PlacementPicker } from './actions/PlacementPicker';
import { RotateControls } from './actions/RotateControls';
import { RoverControls } from './actions/RoverControls';
import { TakeControls } from './actions/TakeControls';
import { TurnButtons } from './actions/TurnButtons';
import { useTurnControls } from './actions/turn-controls';
import { tileLabel } from './labels';

const STAGE_TEXT: Record<string, string> = {
  objectives: 'choose the private objectives you keep',
  rotate: 'turn the station',
  build: 'build your turn: take a tile, place it, resolve your gains, confirm',
  civ: 'pick your civ card and resolve it',
  endgame: 'finish the game: place stored patches, use End Game cards',
};

interface Props {
  G: GameState;
  player: PlayerID;
  name: string;
  send(a: Action): void;
}

export function MyTurn({ G, player, name, send }: Props) {
  const stage = awaiting(G)[player];
  const actions = stage ? legalActions(G, player) : [];
  const controls = useTurnControls(G, player, actions, send);
  const priv = G.private[player];
  const turn = priv?.turn ?? null;
  const draft = turn?.draft ?? null;
  const depot = G.station.depots[facingDepot(G, player)];

  return (
    <section className="my-turn" data-testid="my-turn" data-player={player} aria-label={`${name}'s turn`}>
      <h2>
        {name}:{' '}
        {G.result
          ? 'your final planet'
          : stage
            ? `your move — ${STAGE_TEXT[stage] ?? stage}`
            : 'nothing to do right now, waiting for the others'}
      </h2>
      {priv?.rejection && (
        <p className="alert" role="alert" data-testid="rejection">
          Not allowed ({priv.rejection.action}): {priv.rejection.reason}
        </p>
      )}
      {controls.note && (
        <p className="alert" role="alert" data-testid="placement-note">
          {controls.note}
        </p>
      )}
      {draft && (
        <ul className="facts" data-testid="turn-status">
          {turn?.kind === 'round' ? (
            <li data-testid="taken-tile">
              Tile taken: {draft.taken ? tileLabel(draft.taken.tileId) : 'none yet'}
              {draft.taken &&
                (draft.unplaceable
                  ? ' — fits nowhere, set aside (§4.10)'
                  : draft.placed
                    ? ' — placed'
                    : ' — not placed yet')}
            </li>
          ) : (
            <li data-testid="turn-kind">
              {turn?.kind === 'civ' ? 'Resolving your civ card' : 'End of the game: your last actions'}
            </li>
          )}
          <li data-testid="movement">Movement pool: {draft.movement}</li>
          {draft.civRanks.length > 0 && (
            <li>Civ milestones reached: rank {draft.civRanks.join(', ')} (picked at the end of the round)</li>
          )}
        </ul>
      )}
      {stage && (
        <div className="controls" data-testid="controls">
          <ObjectiveChoice offer={priv?.objectiveOffer ?? null} send={send} />
          <RotateControls G={G} player={player} actions={actions} send={send} />
          <CivOffer offer={priv?.civOffer ?? null} send={send} />
          <TakeControls G={G} player={player} actions={actions} send={send} />
          {controls.placement && (
            <PlacementPicker
              task={controls.placement}
              orientation={controls.orientation}
              setOrientation={controls.setOrientation}
              orientationsWithSpots={controls.orientationsWithSpots}
            />
          )}
          {draft && (
            <fieldset>
              <legend>Pending gains</legend>
              <PendingControls
                pending={draft.pending}
                actions={actions}
                send={send}
                gridItem={controls.gridItem}
                selectGridItem={controls.selectGridItem}
                extraStack={controls.extraStack}
                setExtraStack={controls.setExtraStack}
                teleportRover={controls.teleportRover}
                setTeleportRover={controls.setTeleportRover}
                depotTops={{ small: depot?.small.top ?? null, large: depot?.large.top ?? null }}
              />
            </fieldset>
          )}
          {draft && <RoverControls actions={actions} movement={draft.movement} send={send} />}
          {turn && <TurnButtons turn={turn} actions={actions} send={send} />}
        </div>
      )}
      <BoardView
        player={player}
        name={name}
        board={controls.board as PlayerBoard}
        draftNote={
          draft === null
            ? undefined
            : stage
              ? 'your turn in progress (private until you confirm)'
              : 'your confirmed turn (revealed when everyone has confirmed)'
        }
        interaction={controls.interaction}
      />
    </section>
  );
}
