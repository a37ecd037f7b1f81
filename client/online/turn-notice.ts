/**
 * Turn notices: when a decision becomes yours in an online match while this page is hidden, the
 * tab's title and icon say so until the page is seen again, and, if the player allowed it in the
 * preferences, a system notification (the browser's Notification API) opens the match when
 * clicked. The turn sound is the table's own (prefs/sounds.ts), or the list's on the home page. One
 * notice per decision per match,
 * and each match's notification replaces its last one (its `tag`): never a storm.
 */
import { useEffect } from 'react';
import { getPreferences } from '../prefs/preferences';
import { playBlip } from '../prefs/sounds';
import { matchHref } from '../routes';

/** The decision each match was last noticed for. */
const noticed = new Map<string, string>();
/** The matches whose notice the tab shows now. */
const pending = new Set<string>();
let plainTitle: string | null = null;
let plainIcon: string | null = null;

/** A small planet with a red dot: the tab's icon while a notice waits. */
const NOTICE_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="14" cy="18" r="12" fill="#1f5fbf"/><circle cx="25" cy="7" r="6.5" fill="#d32f2f" stroke="#fff" stroke-width="1.5"/></svg>',
  );

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

function showInTab(title: string): void {
  plainTitle ??= document.title;
  const link = iconLink();
  if (link) {
    plainIcon ??= link.href;
    link.href = NOTICE_ICON;
  }
  document.title = `● ${title}`;
}

function clearTab(): void {
  pending.clear();
  if (plainTitle !== null) document.title = plainTitle;
  const link = iconLink();
  if (link && plainIcon !== null) link.href = plainIcon;
  plainTitle = null;
  plainIcon = null;
}

if (typeof document !== 'undefined')
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) clearTab();
  });

export interface TurnNoticeText {
  /** The tab's title and the notification's title ("Your turn: Planet Unknown"). */
  title: string;
  /** The notification's line ("Match abc: round 5"). */
  body: string;
}

/**
 * Say that a decision (`decision`, a key that changes with each new one) became this browser's
 * in `matchID`, if the page is hidden and it was not said already. Returns whether it was said.
 */
export function noticeTurn(
  matchID: string,
  decision: string,
  text: TurnNoticeText,
  /** Play the turn sound (if sounds are on): where no table plays its own (the home page's list). */
  sound = false,
): boolean {
  if (typeof document === 'undefined' || !document.hidden) return false;
  if (noticed.get(matchID) === decision) return false;
  noticed.set(matchID, decision);
  pending.add(matchID);
  showInTab(text.title);
  if (sound) playBlip('turn');
  const api = typeof Notification === 'undefined' ? undefined : Notification;
  if (getPreferences().turnNotifications && api?.permission === 'granted') {
    try {
      const notification = new api(text.title, { body: text.body, tag: `planet-unknown:${matchID}` });
      notification.onclick = () => {
        window.focus();
        window.location.hash = matchHref(matchID);
        notification.close();
      };
    } catch {
      // Some browsers allow notifications from a service worker only: the tab still says it.
    }
  }
  return true;
}

/** Forget what was noticed for a match, once its player has seen the decision. */
export function turnSeen(matchID: string, decision: string | null): void {
  if (decision === null) noticed.delete(matchID);
}

/** Notice the decision `decision` (null: nothing is owed) of this seat in `matchID`. */
export function useTurnNotice(matchID: string, decision: string | null, text: TurnNoticeText): void {
  const { title, body } = text;
  useEffect(() => {
    if (decision === null) return turnSeen(matchID, null);
    noticeTurn(matchID, decision, { title, body });
  }, [matchID, decision, title, body]);
}
