/**
 * The acting player's pending gains (R1), resolved in any order: a button per way to resolve each,
 * saying for a track advance which level it reaches and what that square gives, as the engine
 * answers the choice tried on a copy of the turn (no track shape is assumed here). Choices naming a
 * place on the corporation board (a tracker's destination, a lifepod's spot) and a corporation's own
 * gains are worded and offered by `CorporationChoices`, and can be picked on the board too.
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  type Action,
  type Choice,
  corporationById,
  type PendingItem,
  pendingLabel,
  type PlayerBoard,
  tileById,
} from '../../game';
import type { ActionTrial } from '../table/preview';
import { choiceLabel, hasCell, shapeName } from '../i18n/labels';
import { MessageText } from '../i18n/messages';
import { rewardsText } from '../board/rewards';
import { CorporationChoices } from '../board/CorporationChoices';
import { type CorporationPicks, onCorporationBoard } from '../board/corporation-picks';
import { choiceKey } from './choice-key';

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
  /** The turn's board, to say where an advance lands; without it buttons name the track only. */
  board?: PlayerBoard;
  /** The engine's answer to a choice tried on a copy of the turn; without it buttons name the track only. */
  trial?(a: Action): ActionTrial;
  /** Choices answered on the corporation board (destinations, lifepod spots), shared with the board. */
  corporationPicks?: CorporationPicks | null;
}

/** A resolve button's text, with the level the engine moves the tracker to and, for one step, its rewards. */
function buttonText(
  tb: TFunction<'board'>,
  tt: TFunction<'turn'>,
  item: PendingItem,
  choice: Choice,
  board?: PlayerBoard,
  trial?: (a: Action) => ActionTrial,
) {
  const label = choiceLabel(item, choice);
  if (!board || !trial || item.kind === 'regress') return label;
  const track = choice.track ?? (item.kind === 'advance' ? item.track : undefined);
  if (!track) return label;
  const after = trial({ type: 'resolve', item: item.id, choice }).draft?.board.trackers[track];
  const before = board.trackers[track];
  // At the top (or refused): the tracker stays, and the button names the choice only.
  if (!after || (after.col === before.col && after.row === before.row)) return label;
  const steps = item.kind === 'advance' ? item.steps : item.kind === 'cardAdvance' ? item.stepsEach : 1;
  const rewards = corporationById(board.corporation).tracks[after.col].levels[after.row]?.rewards ?? [];
  return steps === 1 && rewards.length
    ? tt('pending.choice.gives', { label, level: after.row, rewards: rewardsText(tb, rewards) })
    : tt('pending.choice.reaches', { label, level: after.row });
}

function choicesOf(actions: Action[], id: number): Choice[] {
  return actions.flatMap((a) => (a.type === 'resolve' && a.item === id ? [a.choice ?? {}] : []));
}

export function PendingControls(props: Props) {
  const { pending, actions, send, gridItem } = props;
  const { t } = useTranslation('turn');
  const { t: tb } = useTranslation('board');
  if (pending.length === 0) return <p data-testid="pending-none">{t('pending.none')}</p>;
  return (
    <ol className="pending" data-testid="pending">
      {pending.map((item) => {
        const choices = choicesOf(actions, item.id);
        const buttons = choices.filter((c) => !hasCell(c));
        const cells = choices.filter(hasCell);
        const onGrid = gridItem?.id === item.id;
        const corporationTask =
          props.board && (item.kind === 'corporation' || choices.some(onCorporationBoard))
            ? (props.corporationPicks?.tasks.find((task) => task.id === `item:${item.id}`) ?? {
                id: `item:${item.id}`,
                choices,
                send: (choice: Choice) => send({ type: 'resolve', item: item.id, choice }),
              })
            : null;
        if (corporationTask && props.board && choices.length > 0)
          return (
            <li key={item.id} data-testid={`pending-${item.id}`}>
              <span className="item">
                <MessageText message={pendingLabel(item)} capitalize />
              </span>
              <span className="buttons">
                <CorporationChoices
                  task={corporationTask}
                  board={props.board}
                  picks={props.corporationPicks ?? null}
                  pending={pending}
                  testid={`resolve-${item.id}`}
                />
              </span>
            </li>
          );
        return (
          <li key={item.id} data-testid={`pending-${item.id}`}>
            <span className="item">
              <MessageText message={pendingLabel(item)} capitalize />
            </span>
            {choices.length === 0 && <em> — {t('pending.lost')}</em>}
            <span className="buttons">
              {buttons.map((choice, k) => (
                <button
                  type="button"
                  key={k}
                  data-action="resolve"
                  data-item={item.id}
                  data-choice={choiceKey(choice)}
                  data-testid={`resolve-${item.id}-${k}`}
                  onClick={() => send({ type: 'resolve', item: item.id, choice })}
                >
                  {buttonText(tb, t, item, choice, props.board, props.trial)}
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
                          {top !== null
                            ? t('pending.placeStackTop', {
                                stack: t(`stack.${s}`),
                                id: top,
                                shape: shapeName(tileById(top).shape),
                              })
                            : t('pending.placeStack', { stack: t(`stack.${s}`) })}
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
                      {t('pending.teleportRover', { rover: r + 1 })}
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
                  {onGrid ? t('pending.clickSquare', { count: cells.length }) : t('pending.chooseSquare')}
                </button>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
