/**
 * The whole game's log, grouped by round (newest round first, its entries in order), with a filter
 * to follow one player. Entries are the engine's own messages in the reader's language.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameState, LogEntry } from '../../game';
import { playerName } from '../i18n/labels';
import { MessageText } from '../i18n/messages';

/** The entries of each round, newest round first. */
function byRound(entries: readonly LogEntry[]): [number, LogEntry[]][] {
  const rounds = new Map<number, LogEntry[]>();
  for (const e of entries) {
    const list = rounds.get(e.round);
    if (list) list.push(e);
    else rounds.set(e.round, [e]);
  }
  return [...rounds.entries()].sort((a, b) => b[0] - a[0]);
}

export function GameLog({ G, names }: { G: GameState; names?: Record<string, string | undefined> }) {
  const { t } = useTranslation('pages');
  const [who, setWho] = useState<string>('');
  const shown = who === '' ? G.log : G.log.filter((e) => e.player === who);
  return (
    <section aria-labelledby="log-title" className="game-log">
      <h2 id="log-title">{t('table.log')}</h2>
      <label className="log-filter">
        {t('table.logFilter')}{' '}
        <select value={who} onChange={(e) => setWho(e.target.value)} data-testid="log-filter">
          <option value="">{t('table.logEveryone')}</option>
          {G.playerIDs.map((p) => (
            <option key={p} value={p}>
              {playerName(p, names)}
            </option>
          ))}
        </select>
      </label>
      <div data-testid="log">
        {shown.length === 0 && <p className="small">{t('table.logEmpty')}</p>}
        {byRound(shown).map(([round, entries]) => (
          <section key={round} aria-labelledby={`log-round-${round}`} data-testid={`log-round-${round}`}>
            <h3 id={`log-round-${round}`}>{t('table.logRoundTitle', { round })}</h3>
            <ol className="log">
              {entries.map((e, i) => (
                <li key={i}>
                  {e.player !== undefined ? <strong>{playerName(e.player, names)} </strong> : null}
                  {/* A match stored before log lines were messages keeps its English text. */}
                  {e.message ? <MessageText message={e.message} /> : (e as { text?: string }).text}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}
