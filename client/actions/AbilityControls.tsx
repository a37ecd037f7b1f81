/**
 * The corporation's powers the player may use now (§8.2: Cosmos 2/5, Horizon 5, Makeshift 4, Flux
 * 2/5, Jump Drive E/F, Wormhole 1), one group per power with its tech's text and a button per listed
 * way to use it. Shown only when the engine lists `useAbility` actions: the list is the rule.
 */
import { useTranslation } from 'react-i18next';
import { type Action, type Choice, corporationById, type PendingItem, type PlayerBoard } from '../../game';
import { CorporationChoices } from '../board/CorporationChoices';
import type { ChoiceTask, CorporationPicks } from '../board/corporation-picks';
import { useContentText } from '../i18n/content-text';

interface Props {
  actions: Action[];
  board: PlayerBoard;
  /** The turn's pending gains, which some powers act on (Jump Drive A and C). */
  pending?: PendingItem[];
  send(a: Action): void;
  corporationPicks?: CorporationPicks | null;
}

export function AbilityControls({ actions, board, pending = [], send, corporationPicks = null }: Props) {
  const { t } = useTranslation('turn');
  const content = useContentText();
  const byAbility = new Map<string, Choice[]>();
  for (const a of actions)
    if (a.type === 'useAbility')
      byAbility.set(a.ability, [...(byAbility.get(a.ability) ?? []), a.choice ?? {}]);
  if (byAbility.size === 0) return null;
  const corp = corporationById(board.corporation);
  return (
    <fieldset className="abilities" data-testid="abilities">
      <legend>{t('ability.legend')}</legend>
      {[...byAbility].map(([ability, choices]) => {
        const tech = corp.techs.find((x) => x.effect === ability);
        const task: ChoiceTask = corporationPicks?.tasks.find((x) => x.id === `ability:${ability}`) ?? {
          id: `ability:${ability}`,
          choices,
          send: (choice) => send({ type: 'useAbility', ability, choice }),
        };
        const title = tech ? t('ability.tech', { level: tech.level }) : t('ability.power', { ability });
        const id = `ability-${ability}`;
        return (
          <div
            key={ability}
            className="ability"
            role="group"
            aria-labelledby={`${id}-title`}
            data-testid={id}
          >
            <p className="ability-name">
              <strong id={`${id}-title`}>{title}</strong>
              {tech && <span className="small"> — {content.techText(corp.id, tech.level)}</span>}
            </p>
            <CorporationChoices
              task={task}
              board={board}
              picks={corporationPicks}
              pending={pending}
              testid={`use-${ability}`}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
