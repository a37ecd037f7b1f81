/**
 * A whole table from one seat's point of view (or a spectator's): the status line, the end screen
 * once there is a result, the player's own area, then the station and the side panels.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Action, awaiting, type GameState, type PlayerID } from '../../game';
import { LastRoundBanner, LiveScore, ObjectivesPanel, OthersPanel } from '../board';
import { EventPanel } from './EventPanel';
import { PlanetRulePanel } from './PlanetRulePanel';
import { MyTurn } from '../actions/MyTurn';
import { ScoreBoard } from '../board/ScoreBoard';
import { StationView } from './StationView';
import { playerName } from '../i18n/labels';
import { MessageText } from '../i18n/messages';

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
}

export function StatusLine({ G, names }: { G: GameState; names?: Record<string, string | undefined> }) {
  const { t } = useTranslation('pages');
  const waiting = Object.entries(awaiting(G))
    .map(([p, s]) => t('table.waitingFor', { name: playerName(p, names), step: t(`table.stage.${s}`) }))
    .join(', ');
  return (
    <p className="status" data-testid="status" aria-live="polite">
      {t('table.round')} <strong data-testid="round">{G.round}</strong> ·{' '}
      {t('table.commander', { name: playerName(G.commander, names) })} ·{' '}
      {G.step === 'over' ? t('table.over') : t('table.waiting', { list: waiting || t('table.nobody') })}
      {G.endTriggers.length > 0 && G.step !== 'over' ? (
        <>
          {' · '}
          <strong className="last-round">{t('table.lastRound')}</strong>
        </>
      ) : null}
    </p>
  );
}

export function GameView({ G, player, names, send, record, endActions }: Props) {
  const { t } = useTranslation('pages');
  return (
    <div className="game" data-testid="game">
      <StatusLine G={G} names={names} />
      <LastRoundBanner G={G} />
      {G.result && <ScoreBoard result={G.result} names={names} record={record} actions={endActions} />}
      <div className="columns">
        <div className="main-column">
          {player !== null && G.boards[player] && (
            <MyTurn G={G} player={player} name={playerName(player, names)} send={send} />
          )}
        </div>
        <aside className="side-column" aria-label={t('table.sidePanels')}>
          <StationView G={G} names={names} viewer={player} />
          <EventPanel G={G} player={player} />
          <PlanetRulePanel G={G} player={player} names={names} />
          {player !== null && G.boards[player] && <LiveScore G={G} player={player} />}
          <ObjectivesPanel G={G} player={player} names={names} />
          <section aria-labelledby="log-title">
            <h2 id="log-title">{t('table.log')}</h2>
            <ol className="log" data-testid="log">
              {G.log.slice(-8).map((e, i) => (
                <li key={`${G.log.length}-${i}`}>
                  {t('table.logRound', { round: e.round })}{' '}
                  {e.player !== undefined ? `${playerName(e.player, names)} ` : ''}
                  {/* A match stored before log lines were messages keeps its English text. */}
                  {e.message ? <MessageText message={e.message} /> : (e as { text?: string }).text}
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
      <OthersPanel G={G} player={player} names={names} />
    </div>
  );
}
