/**
 * Online play through the server: create a match with its options and bot seats, list the matches,
 * join an open seat, rejoin a seat this browser holds, or watch.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LobbyAPI } from 'boardgame.io';
import {
  type BotLevel,
  GAME_NAME,
  PLAYABLE_BOT_LEVELS,
  TIME_CONTROL_PRESETS,
  type TimeControlPreset,
  timeControlOf,
  validateSetupData,
} from '../../game';
import { timeControlLabel } from './Clocks';
import {
  fetchOpenMatches,
  joinableMatches,
  joinSeat,
  lobby,
  lobbyError,
  saveName,
  savedName,
  seatFor,
  type OpenMatchPage,
} from './lobby';
import { matchHref } from '../routes';
import { OptionsFields } from '../pages/OptionsFields';
import {
  CLOCK_PRESET_NAMES,
  DEFAULT_OPTIONS,
  onlineSetupData,
  optionsError,
  type OptionsForm,
} from '../pages/match-options';
import { PlayerCountSelect } from '../pages/PlayerCountSelect';

const NAME_MAX = 24;

export function OnlineLobby() {
  const { t } = useTranslation('pages');
  // The server's list is open matches only, newest first, a page at a time.
  const [listed, setListed] = useState<OpenMatchPage | null>(null);
  const [page, setPage] = useState(1);
  const listHead = useRef<HTMLHeadingElement>(null);
  // Another page starts at the list's head, not where the pager was.
  const turnTo = (next: number) => {
    setPage(next);
    listHead.current?.scrollIntoView?.({ block: 'start' });
  };
  const [name, setName] = useState(savedName);
  const [players, setPlayers] = useState(2);
  const [options, setOptions] = useState<OptionsForm>(DEFAULT_OPTIONS);
  // Seats after the creator's: null is open for a person, else a bot level played by the server.
  const [botSeats, setBotSeats] = useState<(BotLevel | null)[]>([null, null, null, null, null]);
  const [clock, setClock] = useState<TimeControlPreset>('none');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => {
    fetchOpenMatches(page)
      .then((found) => {
        // A page emptied since (matches filled or ended): show the last one that has matches.
        const last = Math.max(1, Math.ceil(found.total / found.perPage));
        if (found.matches.length === 0 && page > last) return setPage(last);
        setListed(found);
        setError(null);
      })
      .catch((err: unknown) => setError(t('lobby.listFailed', { reason: lobbyError(err) })));
  }, [t, page]);
  useEffect(refresh, [refresh]);

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    try {
      await what();
    } catch (err) {
      setError(lobbyError(err));
    } finally {
      setBusy(false);
    }
  };
  const playerName = name.trim() || t('lobby.defaultName');

  const createAndJoin = (e: FormEvent) => {
    e.preventDefault();
    const setupData = onlineSetupData(options, players, botSeats, clock);
    const why = validateSetupData(setupData, players);
    if (why) return setError(why);
    void run(async () => {
      saveName(name);
      const { matchID } = await lobby().createMatch(GAME_NAME, { numPlayers: players, setupData });
      await joinSeat(matchID, playerName, '0');
      window.location.hash = matchHref(matchID);
    });
  };

  const join = (matchID: string, playerID: string) =>
    run(async () => {
      saveName(name);
      await joinSeat(matchID, playerName, playerID);
      window.location.hash = matchHref(matchID);
    });

  const open = joinableMatches(listed?.matches ?? []);
  const pages = listed ? Math.max(1, Math.ceil(listed.total / listed.perPage)) : 1;

  return (
    <section className="panel" data-testid="online-lobby" aria-labelledby="online-title">
      <h2 id="online-title">{t('lobby.title')}</h2>
      <label className="field">
        <span>{t('lobby.yourName')}</span>
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={NAME_MAX}
          autoComplete="nickname"
          data-testid="online-name"
        />
      </label>
      <form onSubmit={createAndJoin} noValidate aria-labelledby="create-title">
        <h3 id="create-title">{t('lobby.create')}</h3>
        <PlayerCountSelect value={players} onChange={setPlayers} testId="online-players" />
        {players > 1 && (
          <fieldset>
            <legend>{t('lobby.seats')}</legend>
            <ol className="seat-list">
              <li>{t('lobby.seatYou', { n: 1 })}</li>
              {botSeats.slice(0, players - 1).map((level, i) => (
                <li key={i}>
                  <label className="field">
                    <span>{t('seatKind', { n: i + 2 })}</span>
                    <select
                      value={level ?? 'open'}
                      data-testid={`online-seat-${i + 1}`}
                      onChange={(e) => {
                        const value = e.target.value === 'open' ? null : (e.target.value as BotLevel);
                        setBotSeats((old) => old.map((l, k) => (k === i ? value : l)));
                      }}
                    >
                      <option value="open">{t('lobby.openForPerson')}</option>
                      {PLAYABLE_BOT_LEVELS.map((b) => (
                        <option key={b} value={b}>
                          {t('botLevel', { level: t(`botLevels.${b}`) })}
                        </option>
                      ))}
                    </select>
                  </label>
                </li>
              ))}
            </ol>
          </fieldset>
        )}
        <OptionsFields value={options} onChange={setOptions} players={players} idPrefix="online" />
        <label className="field">
          <span>{t('online.clock.label')}</span>
          <select
            value={clock}
            data-testid="online-clock"
            aria-describedby="online-clock-hint"
            onChange={(e) => setClock(e.target.value as TimeControlPreset)}
          >
            {CLOCK_PRESET_NAMES.map((name) => {
              const tc = TIME_CONTROL_PRESETS[name];
              return (
                <option key={name} value={name}>
                  {t(`online.clock.presets.${name}`)}
                  {tc ? ` (${timeControlLabel(tc, t)})` : ''}
                </option>
              );
            })}
          </select>
        </label>
        <p id="online-clock-hint" className="small">
          {t('online.clock.hint')}
        </p>
        <button
          type="submit"
          className="primary"
          data-testid="create-match"
          disabled={busy || optionsError(options, players) !== null}
        >
          {t('lobby.createButton')}
        </button>
      </form>
      {error && (
        <p className="alert" role="alert" data-testid="lobby-error">
          {error}
        </p>
      )}
      <div className="list-head">
        <h3 ref={listHead}>{t('lobby.matches')}</h3>
        <button type="button" data-testid="refresh-matches" onClick={refresh}>
          {t('lobby.refresh')}
        </button>
      </div>
      {listed === null ? (
        <p>{t('common:loading')}</p>
      ) : open.length === 0 ? (
        <p data-testid="no-matches">{t('lobby.noMatches')}</p>
      ) : (
        <ul className="match-list" data-testid="match-list">
          {open.map((m) => (
            <MatchRow key={m.matchID} match={m} busy={busy} onJoin={(id) => void join(m.matchID, id)} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label={t('lobby.pages')} data-testid="match-pages">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => turnTo(page - 1)}
            data-testid="page-newer"
          >
            {t('lobby.newer')}
          </button>
          <span>{t('lobby.pageOf', { page, pages })}</span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => turnTo(page + 1)}
            data-testid="page-older"
          >
            {t('lobby.older')}
          </button>
        </nav>
      )}
    </section>
  );
}

function MatchRow({
  match,
  busy,
  onJoin,
}: {
  match: LobbyAPI.Match;
  busy: boolean;
  onJoin(playerID: string): void;
}) {
  const { t } = useTranslation('pages');
  const mine = seatFor(match.matchID);
  const setup = match.setupData as { events?: unknown } | undefined;
  const clock = timeControlOf(match.setupData);
  return (
    <li className="match" data-testid={`match-${match.matchID}`}>
      <div className="match-head">
        <code>{match.matchID}</code>{' '}
        <span className="small">
          {t('lobby.summary', { players: match.players.length })}
          {typeof setup?.events === 'string' ? ` · ${t(`options.presets.${setup.events}`)}` : ''}
          {typeof setup?.events === 'object' && setup.events !== null ? ` · ${t('options.customShort')}` : ''}
          {clock ? ` · ⏱ ${timeControlLabel(clock, t)}` : ` · ${t('online.clock.untimed')}`}
          {match.gameover ? ` · ${t('lobby.over')}` : ''}
        </span>
      </div>
      <ul className="seats">
        {match.players.map((p) => (
          <li key={p.id} className="seat">
            <span>{t('lobby.seat', { n: p.id + 1 })}</span>{' '}
            {p.name ? (
              <strong>{p.name}</strong>
            ) : mine || match.gameover ? (
              <em>{t('lobby.openSeat')}</em>
            ) : (
              <button type="button" disabled={busy} onClick={() => onJoin(String(p.id))}>
                {t('lobby.joinSeat', { n: p.id + 1 })}
              </button>
            )}
          </li>
        ))}
      </ul>
      <a className="button-link" href={matchHref(match.matchID)} data-testid={`open-${match.matchID}`}>
        {mine ? t('lobby.rejoin', { name: mine.playerName }) : t('lobby.watch')}
      </a>
    </li>
  );
}
