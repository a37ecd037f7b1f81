/**
 * A whole table from one seat's point of view (or a spectator's), laid out to fit one screen: a
 * head line (the round, who is awaited, the other players at a glance, the panel buttons), then the
 * seat's planet, its corporation board and the turn column (station, controls, turn bar). Panels
 * (score, objectives, rules, log, bots) open in a drawer over the table, never below it.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Action, awaiting, type GameState, type PlayerID } from '../../game';
import { LastRoundBanner, LiveScore, ObjectivesPanel, OthersPanel } from '../board';
import { EventPanel } from './EventPanel';
import { PlanetRulePanel } from './PlanetRulePanel';
import { RulesPanel } from '../rules/RulesPanel';
import { MyTurn } from '../actions/MyTurn';
import { ScoreBoard } from '../board/ScoreBoard';
import { AllPlanets } from '../board/AllPlanets';
import { StationView } from './StationView';
import { playerName } from '../i18n/labels';
import { GameLog, type LogNote, type LogReplay } from './GameLog';
import { PanelButtons } from './PanelButtons';
import { Announcer } from './Announcer';
import { PreferencesPanel } from '../prefs/PreferencesPanel';
import { tablePreferenceAttributes, usePreferences } from '../prefs/preferences';
import { HelpSheet, HelpToggle, useTableAids } from '../prefs/table-aids';
import { isTypingTarget } from '../prefs/keys';

/** A panel of the drawer: its button's label and what it shows. */
export interface TablePanel {
  id: string;
  label: string;
  /** Shown after the label on the panel's button, and kept up to date by itself (an unread count). */
  badge?: ReactNode;
  /** The panel; a function is told whether the drawer shows it now. */
  content: ReactNode | ((shown: boolean) => ReactNode);
}

interface Props {
  G: GameState;
  /** The seat whose private view this is; null for a spectator. */
  player: PlayerID | null;
  names?: Record<string, string | undefined>;
  send(a: Action): void;
  /** The match record, offered for download on the end screen. */
  record?: () => unknown;
  /** Shown on the end screen under the winners (an online match: play again). */
  endActions?: ReactNode;
  /** Shown in the turn column under the controls (a local game's hint). */
  turnExtras?: ReactNode;
  /** Said with the turn's refusals, above its buttons (an online move the server never played). */
  turnAlert?: ReactNode;
  /** More panels for the drawer (a local game's bots). */
  extraPanels?: TablePanel[];
  /** Who plays on this screen and how (the local or online seat line), first in the head line. */
  seatBar?: ReactNode;
  /** In a replay: the whole game's log, each entry a link to its moment. */
  logReplay?: { final: GameState } & LogReplay;
  /** In a replay watching `player`: their turn as it stood, nothing to act on. */
  watchOnly?: boolean;
  /** Lines the log adds to the game's own (an online match's clocks). */
  logNotes?: readonly LogNote[];
  /** A line of its own at the end of the head line (an online match's clocks). */
  headExtra?: ReactNode;
}

export function StatusLine({ G, names }: { G: GameState; names?: Record<string, string | undefined> }) {
  const { t } = useTranslation('pages');
  const waiting = Object.entries(awaiting(G))
    .map(([p, s]) => t('table.waitingFor', { name: playerName(p, names), step: t(`table.stage.${s}`) }))
    .join(', ');
  const awaited =
    G.step === 'over' ? t('table.over') : t('table.waiting', { list: waiting || t('table.nobody') });
  return (
    // The full line as a tooltip: on a narrow table head it is cut after two lines. Not a live
    // region: the table's announcer says what changed, once, rather than the whole line each time.
    <p className="status" data-testid="status" title={awaited}>
      {t('table.round')} <strong data-testid="round">{G.round}</strong> ·{' '}
      {t('table.commander', { name: playerName(G.commander, names) })} · {awaited}
      {G.endTriggers.length > 0 && G.step !== 'over' ? (
        <>
          {' · '}
          <strong className="last-round">{t('table.lastRound')}</strong>
        </>
      ) : null}
    </p>
  );
}

export function GameView({
  G,
  player,
  names,
  send,
  record,
  endActions,
  turnExtras,
  turnAlert,
  extraPanels,
  seatBar,
  logReplay,
  watchOnly,
  logNotes,
  headExtra,
}: Props) {
  const { t } = useTranslation('pages');
  const [open, setOpen] = useState<string | null>(null);
  // The seat with a board of its own, whose turn column is shown; null for a spectator.
  const me = player !== null && G.boards[player] ? player : null;
  const station = <StationView G={G} names={names} viewer={player} />;
  const event = <EventPanel G={G} player={player} />;
  const panels: TablePanel[] = [
    // Once the game is over the end screen has the scores: no "score so far" beside it.
    ...(me !== null && !G.result
      ? [{ id: 'score', label: t('table.panels.score'), content: <LiveScore G={G} player={me} /> }]
      : []),
    {
      id: 'objectives',
      label: t('table.panels.objectives'),
      content: <ObjectivesPanel G={G} player={player} names={names} />,
    },
    {
      id: 'rules',
      label: t('table.panels.rules'),
      // The rules of the boards in play first, then the whole game's, searchable.
      content: (
        <>
          <PlanetRulePanel G={G} player={player} names={names} />
          <h3>{t('rules:title')}</h3>
          <RulesPanel />
        </>
      ),
    },
    {
      id: 'log',
      label: t('table.log'),
      content: (
        <GameLog
          G={logReplay?.final ?? G}
          names={names}
          onReveal={() => setOpen(null)}
          replay={logReplay}
          notes={logNotes}
        />
      ),
    },
    ...(extraPanels ?? []),
    { id: 'preferences', label: t('prefs:open'), content: <PreferencesPanel /> },
  ];
  const shown = panels.find((p) => p.id === open) ?? null;
  // Opening a panel takes the focus into the drawer; closing it gives the focus back to its button.
  const drawer = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open === null) {
      // Back to the panel's button, unless the player has gone on elsewhere (a station tile).
      const at = document.activeElement;
      if (!at || at === document.body || drawer.current?.contains(at)) opener.current?.focus();
      opener.current = null;
    } else drawer.current?.querySelector<HTMLElement>('.drawer-close')?.focus();
  }, [open]);
  // Escape closes the open drawer wherever the focus is, a text field aside (where it is the field's).
  useEffect(() => {
    if (open === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || isTypingTarget(e.target)) return;
      if (drawer.current?.contains(e.target as Node)) return; // The drawer's own handler closes it.
      setOpen(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  // Help mode and the keys 1–6 listen at the table's root; the preferences style it.
  const root = useRef<HTMLDivElement>(null);
  const aids = useTableAids(root, G.playerIDs, player, names);
  const preferences = tablePreferenceAttributes(usePreferences());
  const toggle = (id: string, returnTo: HTMLElement) => {
    if (open === null) opener.current = returnTo;
    setOpen(open === id ? null : id);
  };
  return (
    <div className="game table-layout" data-testid="game" ref={root} {...preferences}>
      <Announcer G={G} player={player} names={names} />
      <div className="table-head">
        {seatBar}
        <StatusLine G={G} names={names} />
        <PanelButtons panels={panels} open={open} toggle={toggle} help={<HelpToggle aids={aids} />} />
        {headExtra}
      </div>
      <OthersPanel G={G} player={player} names={names} />
      <div className="table-body">
        {G.result ? (
          // The end is the end: the scores and every seat's final planet, no turn column, station or message.
          <div className="end-screen" data-testid="end-screen">
            <ScoreBoard result={G.result} G={G} names={names} record={record} actions={endActions} />
            <AllPlanets
              G={G}
              viewer={me}
              names={names}
              totals={Object.fromEntries(G.result.scores.map((s) => [s.player, s.total]))}
            />
          </div>
        ) : me !== null ? (
          <MyTurn
            G={G}
            player={me}
            name={playerName(me, names)}
            send={send}
            station={station}
            banner={<LastRoundBanner G={G} />}
            event={event}
            extras={turnExtras}
            alert={turnAlert}
            watchOnly={watchOnly}
          />
        ) : (
          <div className="spectator-view" data-testid="spectator-view">
            <AllPlanets G={G} viewer={null} names={names} />
            <aside className="spectator-side" aria-label={t('table.sidePanels')}>
              <LastRoundBanner G={G} />
              {station}
              {event}
            </aside>
          </div>
        )}
        {/* In the table's body, beside the station and under the head line: both stay in reach. */}
        {/* Every panel stays in the page (read by assistive technology and tests); one is shown at a time. */}
        <aside
          id="table-drawer"
          className="table-drawer"
          data-testid="table-drawer"
          data-open={shown ? shown.id : ''}
          aria-label={shown ? shown.label : t('table.panels.label')}
          hidden={shown === null}
          ref={drawer}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(null);
          }}
        >
          <button
            type="button"
            className="drawer-close"
            data-testid="drawer-close"
            aria-label={t('table.panels.close')}
            onClick={() => setOpen(null)}
          >
            ✕
          </button>
          {panels.map((p) => (
            <div key={p.id} className="drawer-panel" data-testid={`panel-${p.id}`} hidden={p.id !== open}>
              {typeof p.content === 'function' ? p.content(p.id === open) : p.content}
            </div>
          ))}
        </aside>
      </div>
      <HelpSheet aids={aids} />
    </div>
  );
}
