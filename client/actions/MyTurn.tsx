/**
 * The viewing player's own area: what they must do now, their controls (all from `legalActions`),
 * their corporation board, their turn in progress and their planet, which answers clicks for
 * placements and square choices. Laid out as one board (planet and corporation side by side) and a
 * turn column (the station, the controls, the turn bar), each in a box of its own so that nothing
 * moves under the pointer when a step changes the controls.
 */
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Action,
  awaiting,
  facingDepot,
  type GameState,
  legalActions,
  mayTakeBack,
  type PlayerBoard,
  type PlayerID,
} from '../../game';
import { BoardView } from '../board/BoardView';
import { AbilityControls } from './AbilityControls';
import { BoardChoice } from './BoardChoice';
import { CivOffer } from './CivOffer';
import { ObjectiveChoice } from './ObjectiveChoice';
import { PendingControls } from './PendingControls';
import { PlacementPicker } from './PlacementPicker';
import { WaiverNotes } from './RestrictionWaivers';
import { RotateControls } from './RotateControls';
import { RoverControls } from './RoverControls';
import { TakeControls } from './TakeControls';
import { TurnButtons } from './TurnButtons';
import { useTurnControls } from './turn-controls';
import { useFocusKeeper } from './focus-next';
import { CorporationBoard } from '../board/CorporationBoard';
import { useCorporationPicks } from '../board/corporation-picks';
import { previewBoard, useBoardPreview } from '../board/board-preview';
import { tileLabel } from '../i18n/labels';
import { MessageText } from '../i18n/messages';
import { useTurnSounds } from '../prefs/sounds';
import { type PhoneTab, PhoneTabs, tabForMoment, usePhoneTab } from '../table/PhoneTabs';

interface Props {
  G: GameState;
  player: PlayerID;
  name: string;
  send(a: Action): void;
  /** The station, shown at the top of the turn column. */
  station?: ReactNode;
  /** News for the whole table (the last round), first above the controls. */
  banner?: ReactNode;
  /** The round's event, shown with the controls. */
  event?: ReactNode;
  /** Shown under the controls (a local game's hint). */
  extras?: ReactNode;
  /** Said with the refusals, where the player acted (an online move the server never played). */
  alert?: ReactNode;
  /** A replay watching this seat: its turn as it stood, with no control to act on. */
  watchOnly?: boolean;
}

export function MyTurn({
  G,
  player,
  name,
  send,
  station,
  banner,
  event,
  extras,
  alert,
  watchOnly = false,
}: Props) {
  const { t } = useTranslation('turn');
  const stage = awaiting(G)[player];
  // One list per state, so the controls' effects see a new list only when the state changes.
  const actions = useMemo(
    () => (stage && !watchOnly ? legalActions(G, player) : []),
    [G, player, stage, watchOnly],
  );
  const controls = useTurnControls(G, player, actions, send);
  const priv = G.private[player];
  const turn = priv?.turn ?? null;
  const draft = turn?.draft ?? null;
  // Destinations, lifepod spots and powers' squares, answered on the corporation board or in the controls.
  const corporationPicks = useCorporationPicks(actions, draft?.pending ?? [], send);
  const depot = G.station.depots[facingDepot(G, player)];
  // While the seat chooses its boards, its planet and corporation board preview the selection.
  const boardPreview = useBoardPreview(player);
  const board =
    boardPreview && G.step === 'boards'
      ? previewBoard(controls.board as PlayerBoard, boardPreview.planet, boardPreview.corporation)
      : (controls.board as PlayerBoard);
  useTurnSounds(Boolean(stage), Boolean(draft?.placed));

  // A new moment of the turn (another stage, a tile taken or placed) shows its controls from the
  // top; steps within one moment (gains resolved one by one) leave the controls' box where it is.
  const scroller = useRef<HTMLDivElement>(null);
  // A step that removes the focused control hands the focus to the next one, never to the page.
  const area = useRef<HTMLElement>(null);
  useFocusKeeper(area);
  const moment = [stage, turn?.kind, draft?.taken?.tileId, draft?.placed, draft?.unplaceable].join('|');
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
  }, [moment]);
  // On a phone, one section at a time: the one where this moment's controls are opens by itself.
  const wantedTab = useMemo(() => tabForMoment(actions), [actions]);
  const [phoneTab, setPhoneTab] = usePhoneTab(moment, wantedTab);
  const attention = new Set<PhoneTab>(stage ? [wantedTab] : []);
  if (stage && corporationPicks.picks) attention.add('board');

  // The station is drawn large while the decision is made on it (turning it, taking a tile); for
  // the other moments (boards, objectives, gains, civ cards) it steps aside, small, so
  // that the decision in front of the player is whole in the turn column without scrolling.
  const stationRole =
    !stage ||
    stage === 'rotate' ||
    // Taking: the station keeps its size while the player looks at its stacks. Once the tile is
    // taken the decision is on the planet and the placement controls, which need the room.
    (stage === 'build' && turn?.kind === 'round' && !draft?.taken)
      ? 'full'
      : 'compact';
  // A refusal is said where the player acted and stays in sight: between the controls and the
  // turn bar, outside the box that scrolls.
  const alerts = (priv?.rejection || controls.note || alert) && (
    <div className="turn-alerts" data-testid="turn-alerts">
      {alert}
      {priv?.rejection && (
        <p className="alert" role="alert" data-testid="rejection">
          {t('rejection', {
            action: t(`rejectedAction.${priv.rejection.action}`, { defaultValue: priv.rejection.action }),
          })}{' '}
          <MessageText message={priv.rejection.reason} />
        </p>
      )}
      {controls.note && (
        <p className="alert" role="alert" data-testid="placement-note">
          {typeof controls.note === 'string' ? controls.note : <MessageText message={controls.note} />}
        </p>
      )}
    </div>
  );

  // What the engine says is missing, when Confirm is not yet legal (tried on a copy of the state).
  const confirmRefusal =
    stage && turn && !actions.some((a) => a.type === 'confirm')
      ? controls.trial({ type: 'confirm' }).refusal
      : null;
  const missing = confirmRefusal ? <MessageText message={confirmRefusal} rule={false} /> : null;

  const heading = G.result
    ? t('heading.final', { name })
    : stage
      ? t('heading.move', { name, stage: t(`stage.${stage}`, { defaultValue: stage }) })
      : t('heading.waiting', { name });

  return (
    <section
      ref={area}
      className="my-turn"
      data-testid="my-turn"
      data-player={player}
      data-phone-tab={phoneTab}
      data-station={stationRole}
      data-stage={stage ?? ''}
      aria-label={t('region', { name })}
    >
      <div className="turn-column">
        {station}
        <div className="turn-scroll" ref={scroller}>
          {banner}
          <h2>{heading}</h2>
          {draft && (
            <ul className="facts" data-testid="turn-status" aria-label={t('status.label')}>
              {turn?.kind === 'round' ? (
                <li data-testid="taken-tile">
                  {draft.taken
                    ? t('status.tileTaken', { tile: tileLabel(draft.taken.tileId) })
                    : t('status.tileNone')}
                  {draft.taken &&
                    (draft.unplaceable
                      ? t('status.unplaceable')
                      : draft.placed
                        ? t('status.placed')
                        : t('status.notPlaced'))}
                </li>
              ) : (
                <li data-testid="turn-kind">
                  {turn?.kind === 'civ' ? t('status.civTurn') : t('status.endgameTurn')}
                </li>
              )}
              <li data-testid="movement">{t('status.movement', { count: draft.movement })}</li>
              {draft.civRanks.length > 0 && (
                <li>{t('status.civRanks', { ranks: draft.civRanks.join(', ') })}</li>
              )}
              {turn?.kind === 'endgame' && draft.board.storedPatches > 0 && (
                <li data-testid="stored-patches">
                  {t('status.storedPatches', { count: draft.board.storedPatches })}
                </li>
              )}
            </ul>
          )}
          <WaiverNotes G={G} player={player} />
          {/* Outside the controls: after choosing, it still says which planet, while others choose. */}
          <BoardChoice G={G} player={player} actions={actions} send={send} />
          {watchOnly && (
            <p className="small" data-testid="watching-turn">
              {t('watching', { name })}
            </p>
          )}
          {stage && !watchOnly && (
            <div
              className="controls turn-controls"
              data-testid="controls"
              role="group"
              aria-label={t('controls')}
            >
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
                <fieldset data-testid="pending-gains">
                  <legend>{t('pending.legend')}</legend>
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
                    board={draft.board}
                    trial={controls.trial}
                    corporationPicks={corporationPicks}
                  />
                </fieldset>
              )}
              {draft && (
                <AbilityControls
                  actions={actions}
                  board={draft.board}
                  pending={draft.pending}
                  send={send}
                  corporationPicks={corporationPicks}
                />
              )}
              {draft && (
                <RoverControls
                  actions={actions}
                  movement={draft.movement}
                  send={send}
                  reach={controls.interaction?.rover ?? null}
                />
              )}
            </div>
          )}
          {event}
          {extras}
        </div>
        {alerts}
        {stage && turn && (
          <div className="turn-bar" data-testid="turn-bar">
            <TurnButtons
              steps={turn.steps.length}
              canTakeBack={mayTakeBack(G, player)}
              kind={turn.kind}
              pending={turn.draft.pending.length}
              actions={actions}
              send={send}
              missing={missing}
            />
          </div>
        )}
      </div>
      <div className="my-area">
        <BoardView
          player={player}
          name={name}
          board={board}
          draftNote={
            boardPreview && G.step === 'boards'
              ? t(boardPreview.chosen ? 'boardPreview.chosen' : 'boardPreview.draft')
              : draft === null
                ? undefined
                : stage
                  ? t('draft.private')
                  : t('draft.confirmed')
          }
          interaction={controls.interaction}
          layout="mine"
        />
        <CorporationBoard
          board={board}
          testid={`corp-${player}`}
          picks={stage ? corporationPicks.picks : null}
        />
      </div>
      <PhoneTabs tab={phoneTab} select={setPhoneTab} attention={attention} alone={G.playerIDs.length < 2} />
    </section>
  );
}
