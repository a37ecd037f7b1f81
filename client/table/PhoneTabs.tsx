/**
 * On a phone the table is one section at a time (the planet, the station, the corporation board or
 * the other players), chosen in a tab bar just above the action bar, within reach of a thumb. The
 * sections stay in the page: CSS hides the ones not chosen, on narrow windows only, so a wide table
 * and assistive technology see everything as before.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Action } from '../../game';

export const PHONE_TABS = ['planet', 'station', 'board', 'players'] as const;
export type PhoneTab = (typeof PHONE_TABS)[number];

/** Where the moment's controls are: the station to take a tile or turn it, else the planet. */
export function tabForMoment(actions: readonly Action[]): PhoneTab {
  return actions.some((a) => a.type === 'takeTile' || a.type === 'rotate') ? 'station' : 'planet';
}

/**
 * The chosen tab, which follows the moment (`moment` changes when the turn moves on: a stage, a tile
 * taken or placed) and opens where its controls are; the player may switch at any time in between.
 */
export function usePhoneTab(moment: string, wanted: PhoneTab): [PhoneTab, (tab: PhoneTab) => void] {
  // Decided while rendering, not in an effect: the moment's section is shown in the same paint as
  // its controls, so the focus handed to them never lands on a hidden one.
  const [chosen, setChosen] = useState<{ moment: string; tab: PhoneTab } | null>(null);
  const tab = chosen !== null && chosen.moment === moment ? chosen.tab : wanted;
  return [tab, (next) => setChosen({ moment, tab: next })];
}

interface Props {
  tab: PhoneTab;
  select(tab: PhoneTab): void;
  /** Tabs with something to do now, marked while another one is shown. */
  attention: ReadonlySet<PhoneTab>;
  /** A solo game has no other players to show. */
  alone: boolean;
}

export function PhoneTabs({ tab, select, attention, alone }: Props) {
  const { t } = useTranslation('table');
  const tabs: readonly PhoneTab[] = alone ? PHONE_TABS.filter((id) => id !== 'players') : PHONE_TABS;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // Arrow keys move between the tabs, as in any tab list.
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length] ?? tab;
    select(next);
    buttons.current[tabs.indexOf(next)]?.focus();
  };
  return (
    <div className="phone-tabs" role="tablist" aria-label={t('phoneTabs.label')} data-testid="phone-tabs">
      {tabs.map((id, i) => {
        const marked = id !== tab && attention.has(id);
        return (
          <button
            type="button"
            key={id}
            ref={(b) => {
              buttons.current[i] = b;
            }}
            role="tab"
            aria-selected={id === tab}
            tabIndex={id === tab ? 0 : -1}
            data-testid={`phone-tab-${id}`}
            data-attention={marked ? 'true' : undefined}
            onClick={() => select(id)}
            onKeyDown={onKeyDown}
          >
            {t(`phoneTabs.${id}`)}
            {marked && (
              <span className="phone-tab-badge" aria-label={t('phoneTabs.attention')} role="img">
                ●
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
