/**
 * The acting player's pending gains (R1), resolved in any order: a button per way to resolve each,
 * saying for a track advance which level it reaches and what that square gives.
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Action, Choice, PendingItem, PlayerBoard, Track } from '../../game/core/types';
import { corporationById, tileById } from '../../game/data';
import { baseCorporationRules, corporationRules } from '../../game/content/corporations';
import { choiceLabel, hasCell, pendingLabel, shapeName } from '../labels';
import { rewardsText } from '../board/rewards';

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
}

/** The square one step up a track, as the corporation's rules have it. */
function nextSquare(board: PlayerBoard, track: Track) {
  const corp = corporationById(board.corporation);
  let rules = baseCorporationRules;
  try {
    rules = corporationRules(corp.id);
  } catch {
    // A corporation without its own rules yet: the standard track model.
  }
  const next = rules.nextSquares(corp, board, track)[0];
  if (!next) return null;
  return { level: next.row, rewards: corp.tracks[next.col].levels[next.row]?.rewards ?? [] };
}

/** A resolve button's text, with the level reached and its rewards for a one-step advance. */
function buttonText(
  tb: TFunction<'board'>,
  tt: TFunction<'turn'>,
  item: PendingItem,
  choice: Choice,
  board?: PlayerBoard,
) {
  const label = choiceLabel(item, choice);
  if (!board || item.kind === 'regress') return label;
  const track = choice.track ?? (item.kind === 'advance' ? item.track : undefined);
  if (!track) return label;
  const steps = item.kind === 'advance' ? item.steps : item.kind === 'cardAdvance' ? item.stepsEach : 1;
  if (steps !== 1) {
    const corp = corporationById(board.corporation);
    const at = board.trackers[track];
    const level = Math.min(at.row + steps, corp.tracks[at.col].top);
    return tt('pending.choice.reaches', { label, level });
  }
  const next = nextSquare(board, track);
  if (!next) return label;
  return next.rewards.length
    ? tt('pending.choice.gives', { label, level: next.level, rewards: rewardsText(tb, next.rewards) })
    : tt('pending.choice.reaches', { label, level: next.level });
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
        return (
          <li key={item.id} data-testid={`pending-${item.id}`}>
            <span className="item">{pendingLabel(item)}</span>
            {choices.length === 0 && <em> — {t('pending.lost')}</em>}
            <span className="buttons">
              {buttons.map((choice, k) => (
                <button
                  type="button"
                  key={k}
                  data-action="resolve"
                  data-testid={`resolve-${item.id}-${k}`}
                  onClick={() => send({ type: 'resolve', item: item.id, choice })}
                >
                  {buttonText(tb, t, item, choice, props.board)}
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
