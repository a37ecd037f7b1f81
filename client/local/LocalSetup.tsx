/**
 * Start a table on this device: solo, pass-and-play, or against bots. Which one follows from the
 * seats (one seat: solo; any bot: against bots), so the mode buttons and the seat list never disagree.
 * Against bots, every seat but the first is a bot unless changed, each with a name of its own.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type BotLevel, PLAYABLE_BOT_LEVELS } from '../../game';
import { localSpecError, localSpecHref, type LocalSeat, type LocalSpec } from './setup-spec';
import { OptionsFields } from '../pages/OptionsFields';
import { DEFAULT_OPTIONS, optionsError, setupDataFrom, type OptionsForm } from '../pages/match-options';
import { PlayerCountSelect } from '../pages/PlayerCountSelect';

export type LocalMode = 'solo' | 'pass' | 'bots';
const MODES: LocalMode[] = ['solo', 'pass', 'bots'];
const NAME_MAX = 24;
/** The level a seat gets when it becomes a bot by default. */
const DEFAULT_BOT: BotLevel = 'pilot';
/** How many bot names (`botStars.0` …) the texts hold: one per seat. */
const BOT_STARS = 6;

export const modeOf = (seats: readonly LocalSeat[]): LocalMode =>
  seats.length === 1 ? 'solo' : seats.some((s) => s.bot) ? 'bots' : 'pass';

/** The seats with their names filled in: an empty name becomes the seat's default one. */
export function namedSeats(seats: readonly LocalSeat[], defaultName: (i: number) => string): LocalSeat[] {
  return seats.map((s, i) => ({ ...s, name: s.name.trim() || defaultName(i) }));
}

export function LocalSetup({ seed }: { seed?: string }) {
  const { t } = useTranslation('pages');
  const [seats, setSeats] = useState<LocalSeat[]>([{ name: '', bot: null }]);
  const [options, setOptions] = useState<OptionsForm>(DEFAULT_OPTIONS);
  const [error, setError] = useState<string | null>(null);
  const mode = modeOf(seats);
  // An impossible event mix: the options say why, and the table cannot start.
  const invalidOptions = optionsError(options, seats.length) !== null;

  const defaultName = (i: number) => {
    const bot = seats[i]?.bot;
    // Each seat's bot has a star of its own, so three Cadets are still three players.
    return bot
      ? t('botName', { level: t(`botLevels.${bot}`), star: t(`botStars.${i % BOT_STARS}`) })
      : t('common:player', { n: i + 1 });
  };

  const resize = (count: number) => {
    setError(null);
    // Solo is one person: a lone seat is never left to a bot. Against bots, a seat added is a bot.
    setSeats((old) =>
      Array.from({ length: count }, (_, i) => {
        const seat = old[i] ?? { name: '', bot: mode === 'bots' ? DEFAULT_BOT : null };
        return count === 1 ? { ...seat, bot: null } : seat;
      }),
    );
  };

  const chooseMode = (next: LocalMode) => {
    setError(null);
    if (next === 'solo') setSeats((old) => [{ name: old[0]?.name ?? '', bot: null }]);
    if (next === 'pass')
      setSeats((old) =>
        Array.from({ length: Math.max(2, old.length) }, (_, i) => ({ name: old[i]?.name ?? '', bot: null })),
      );
    if (next === 'bots')
      setSeats((old) =>
        Array.from({ length: Math.max(2, old.length) }, (_, i) => ({
          name: old[i]?.name ?? '',
          bot: i === 0 ? null : (old[i]?.bot ?? DEFAULT_BOT),
        })),
      );
  };

  const setSeat = (i: number, change: Partial<LocalSeat>) => {
    setError(null);
    setSeats((old) => old.map((s, k) => (k === i ? { ...s, ...change } : s)));
  };

  const start = (e: FormEvent) => {
    e.preventDefault();
    const spec: LocalSpec = {
      seats: namedSeats(seats, defaultName),
      options: setupDataFrom(options, seats.length),
      ...(seed ? { seed } : {}),
    };
    if (!spec.seats.some((s) => s.bot === null)) return setError(t('local.needPerson'));
    const why = localSpecError(spec);
    if (why) return setError(why);
    window.location.hash = localSpecHref(spec);
  };

  return (
    <section className="panel" data-testid="local-setup" aria-labelledby="local-title">
      <h2 id="local-title">{t('local.title')}</h2>
      <form onSubmit={start} noValidate>
        <fieldset className="modes">
          <legend>{t('local.mode')}</legend>
          {MODES.map((m) => (
            <label key={m} className="mode">
              <input
                type="radio"
                name="local-mode"
                value={m}
                checked={mode === m}
                data-testid={`local-mode-${m}`}
                onChange={() => chooseMode(m)}
              />
              <span>
                <strong>{t(`local.modes.${m}.name`)}</strong>
                <span className="small">{t(`local.modes.${m}.about`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <PlayerCountSelect value={seats.length} onChange={resize} testId="local-players" />
        <fieldset>
          <legend>{t('local.seats')}</legend>
          <ol className="seat-list">
            {seats.map((seat, i) => (
              <li key={i}>
                <label className="field">
                  <span>{t('seatName', { n: i + 1 })}</span>
                  <input
                    value={seat.name}
                    maxLength={NAME_MAX}
                    placeholder={defaultName(i)}
                    data-testid={`local-seat-${i}-name`}
                    onChange={(e) => setSeat(i, { name: e.target.value })}
                  />
                </label>
                {mode === 'bots' && (
                  <label className="field">
                    <span>{t('seatKind', { n: i + 1 })}</span>
                    <select
                      value={seat.bot ?? 'person'}
                      data-testid={`local-seat-${i}-kind`}
                      onChange={(e) =>
                        setSeat(i, { bot: e.target.value === 'person' ? null : (e.target.value as BotLevel) })
                      }
                    >
                      <option value="person">{t('person')}</option>
                      {PLAYABLE_BOT_LEVELS.map((level) => (
                        <option key={level} value={level}>
                          {t('botLevel', { level: t(`botLevels.${level}`) })}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </li>
            ))}
          </ol>
        </fieldset>
        <OptionsFields value={options} onChange={setOptions} players={seats.length} idPrefix="local" />
        {error && (
          <p className="alert" role="alert" data-testid="local-error">
            {error}
          </p>
        )}
        <button type="submit" className="primary" data-testid="start-local" disabled={invalidOptions}>
          {t(`local.start.${mode}`)}
        </button>
      </form>
    </section>
  );
}
