/**
 * The listed choices of a corporation's gain or power as buttons, each saying in words what it does:
 * a tracker's destination and what its square gives, a lifepod's spot, a card by name, a track by
 * name. Choices that name a place on the corporation board can also be picked there (the board
 * highlights them); a lifepod to move is chosen first, then where it goes. Nothing is decided here:
 * the buttons are the engine's legal actions.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Choice,
  corporationById,
  type PendingItem,
  pendingLabel,
  type PlayerBoard,
  type Track,
} from '../../game';
import { corporationChoiceLabel } from '../i18n/labels';
import { useMessages } from '../i18n/messages';
import {
  choicesFrom,
  type ChoiceTask,
  type CorporationPicks,
  fromSpots,
  onCorporationBoard,
} from './corporation-picks';
import { rewardsText } from './rewards';

/** More choices than this are offered in a list box rather than as buttons. */
const MAX_BUTTONS = 12;

interface Props {
  task: ChoiceTask;
  board: PlayerBoard;
  picks: CorporationPicks | null;
  testid: string;
  /** The turn's pending gains, to name one a power acts on. */
  pending?: PendingItem[];
  /** A button's text when the caller words a choice better (a pending gain's own labels). */
  label?(choice: Choice): string | null;
}

export function CorporationChoices({ task, board, picks, testid, pending = [], label }: Props) {
  const { t } = useTranslation('turn');
  const { t: tb } = useTranslation('board');
  const messages = useMessages();
  const [listed, setListed] = useState(0);
  const corp = corporationById(board.corporation);
  const squareRewards = ({ col, row }: { col: Track; row: number }) => {
    const rewards = (corp.tracks[col]?.levels[row]?.rewards ?? []).filter((r) => r.kind !== 'medal');
    return rewards.length ? rewardsText(tb, rewards) : '';
  };
  const itemName = (id: number) => {
    const item = pending.find((p) => p.id === id);
    const words = item ? messages.text(pendingLabel(item)) : null;
    // A gain's text reads inside a sentence; at the start of a button it takes a capital.
    return words ? words.charAt(0).toLocaleUpperCase() + words.slice(1) : null;
  };
  const text = (choice: Choice) =>
    label?.(choice) ?? corporationChoiceLabel(choice, { board, rewards: squareRewards, itemName });
  const active = picks?.active?.id === task.id;
  const froms = fromSpots(task.choices);
  const from = picks && active ? picks.from : null;
  const choices = choicesFrom(task.choices, from);
  const onBoard = task.choices.some(onCorporationBoard);
  return (
    <span className="corp-choices" data-testid={testid}>
      {froms.length > 1 && (
        <span role="group" aria-label={t('corp.which')} className="corp-choice-group">
          {froms.map((spot, k) => (
            <button
              type="button"
              key={spot}
              aria-pressed={from === spot}
              data-testid={`${testid}-from-${k}`}
              onClick={() => picks?.setFrom(task.id, from === spot ? null : spot)}
            >
              {corporationChoiceLabel({ from: spot }, { board })}
            </button>
          ))}
        </span>
      )}
      {choices.length <= MAX_BUTTONS ? (
        choices.map((choice, k) => (
          <button
            type="button"
            key={k}
            data-action={task.id.startsWith('item:') ? 'resolve' : 'useAbility'}
            data-testid={`${testid}-${k}`}
            onClick={() => task.send(choice)}
          >
            {text(choice)}
          </button>
        ))
      ) : (
        <span className="corp-choice-list">
          <label>
            {t('corp.more', { count: choices.length })}{' '}
            <select
              value={Math.min(listed, choices.length - 1)}
              data-testid={`${testid}-list`}
              onChange={(e) => setListed(Number(e.target.value))}
            >
              {choices.map((choice, k) => (
                <option key={k} value={k}>
                  {text(choice)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            data-action={task.id.startsWith('item:') ? 'resolve' : 'useAbility'}
            data-testid={`${testid}-send`}
            onClick={() => {
              const choice = choices[Math.min(listed, choices.length - 1)];
              if (choice) task.send(choice);
            }}
          >
            {t('corp.pickChoice')}
          </button>
        </span>
      )}
      {onBoard && picks && (
        <button
          type="button"
          aria-pressed={active}
          data-testid={`${testid}-on-board`}
          onClick={() => {
            picks.select(task.id);
            // The board may be far below the controls: bring its first highlighted place into view and focus.
            requestAnimationFrame(() => {
              const first = document.querySelector<HTMLElement>('[data-picking="yes"] .corp-pick');
              first?.scrollIntoView({ block: 'center' });
              first?.focus({ preventScroll: true });
            });
          }}
        >
          {t('corp.onBoard')}
        </button>
      )}
      {onBoard && active && <span className="small corp-on-board-hint">{t('corp.onBoardActive')}</span>}
    </span>
  );
}
