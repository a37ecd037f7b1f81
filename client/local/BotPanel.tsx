/** The bots of a local table: who is thinking, each bot's last reason, and a short decision log. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotLevel, GameState, Message, PlayerID } from '../../game';
import { sendAction, type PUClient } from '../online/game-client';
import { BotDriver, type BotEvent } from './bot-driver';
import type { DecisionSource } from './bot-protocol';
import { BotWorkerClient } from './bot-worker-client';
import { useMessages } from '../i18n/messages';

export interface LocalBot {
  player: PlayerID;
  level: BotLevel;
}

export interface BotActivity {
  thinking: readonly PlayerID[];
  lastReason: Readonly<Record<PlayerID, Message>>;
  stuck: Readonly<Record<PlayerID, 'refused' | 'noLegalAction'>>;
  log: readonly { id: number; event: BotEvent }[];
}

/**
 * The bots' activity, kept outside React state so that only the bots panel re-renders when a bot
 * thinks or decides (the table itself is slow to draw).
 */
export class BotActivityStore {
  private activity: BotActivity = { thinking: [], lastReason: {}, stuck: {}, log: [] };
  private readonly listeners = new Set<() => void>();

  readonly get = (): BotActivity => this.activity;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly record = (event: BotEvent): void => {
    this.activity = reduce(this.activity, event);
    this.listeners.forEach((l) => l());
  };
}

export interface BotTable {
  /** Decisions and hints. */
  source: DecisionSource;
  activity: BotActivityStore;
}

const LOG_LENGTH = 12;

function reduce(table: BotActivity, event: BotEvent): BotActivity {
  const { player } = event;
  const thinking =
    event.kind === 'thinking'
      ? [...table.thinking.filter((p) => p !== player), player]
      : table.thinking.filter((p) => p !== player);
  const lastReason =
    event.kind === 'decided' ? { ...table.lastReason, [player]: event.reason } : table.lastReason;
  const stuck = event.kind === 'stuck' ? { ...table.stuck, [player]: event.reason } : table.stuck;
  const log =
    event.kind === 'thinking'
      ? table.log
      : [...table.log, { id: (table.log[table.log.length - 1]?.id ?? 0) + 1, event }].slice(-LOG_LENGTH);
  return { thinking, lastReason, stuck, log };
}

/** The table's bot worker (also used for hints) and, when there are bots, the driver that plays them. */
export function useBotTable(clients: readonly PUClient[], bots: readonly LocalBot[], seed: string): BotTable {
  // The worker itself starts on the first request, so building its client in render is harmless.
  const [source] = useState(() => new BotWorkerClient());
  const [activity] = useState(() => new BotActivityStore());

  useEffect(() => {
    source.open();
    return () => source.close();
  }, [source]);

  useEffect(() => {
    if (clients.length === 0 || bots.length === 0) return;
    const driver = new BotDriver(
      bots.map(({ player, level }) => {
        const client = clients[Number(player)] as PUClient;
        return { player, level, client, send: (action) => sendAction(client, action) };
      }),
      source,
      activity.record,
      { seed },
    );
    driver.start();
    return () => driver.stop();
  }, [source, clients, bots, seed, activity]);

  return { source, activity };
}

export function BotPanel({
  bots,
  names,
  table,
  G,
}: {
  bots: readonly LocalBot[];
  names: Readonly<Record<string, string>>;
  table: BotTable;
  G: GameState;
}) {
  const { t } = useTranslation('local');
  const messages = useMessages();
  const activity = useSyncExternalStore(table.activity.subscribe, table.activity.get);
  const nameOf = (p: PlayerID) => names[p] ?? p;
  const over = G.result !== null;

  function logLine(event: BotEvent): string {
    const name = nameOf(event.player);
    switch (event.kind) {
      case 'decided':
        return `${name}: ${messages.text(event.reason)}`;
      case 'rejected':
        return t('bots.rejected', { name, action: event.action, reason: messages.text(event.reason) });
      case 'failed':
        return t('bots.failed', { name, reason: event.reason });
      case 'fallback':
        return t('bots.fallback', { name, action: event.action.type });
      case 'ignored':
        return t('bots.ignored', { name, action: event.action });
      case 'stuck':
        return t('bots.stuck', { name, reason: t(`bots.stuckReason.${event.reason}`) });
      case 'thinking':
        return t('bots.thinking', { name });
    }
  }

  return (
    <section className="bots panel" data-testid="bot-panel" aria-label={t('bots.region')}>
      <h2>{t('bots.title')}</h2>
      <ul>
        {bots.map(({ player, level }) => {
          const stuck = activity.stuck[player];
          const lastReason = activity.lastReason[player];
          const thinking = !over && activity.thinking.includes(player);
          return (
            <li key={player} data-testid={`bot-${player}`} data-thinking={thinking ? 'yes' : 'no'}>
              <strong>{t('bots.seat', { name: nameOf(player), level: t(`bots.level.${level}`) })}</strong>{' '}
              <span aria-live="polite" data-testid={`bot-status-${player}`}>
                {stuck
                  ? t('bots.stuckStatus', { name: nameOf(player), reason: t(`bots.stuckReason.${stuck}`) })
                  : thinking
                    ? t('bots.thinking', { name: nameOf(player) })
                    : t('bots.waiting', { name: nameOf(player) })}
              </span>
              <br />
              <span data-testid={`bot-reason-${player}`}>
                {lastReason
                  ? t('bots.lastReason', { reason: messages.text(lastReason) })
                  : t('bots.noMoveYet')}
              </span>
            </li>
          );
        })}
      </ul>
      {activity.log.length > 0 && (
        <>
          <h3>{t('bots.logTitle')}</h3>
          <ol className="log" data-testid="bot-log">
            {activity.log.map(({ id, event }) => (
              <li key={id}>{logLine(event)}</li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
