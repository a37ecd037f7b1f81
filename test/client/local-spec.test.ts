/** Local table settings in the URL: round trip, and every way a damaged or wrong spec is refused. */
import { describe, expect, it } from 'vitest';
import {
  decodeLocalSpec,
  encodeLocalSpec,
  localSpecError,
  localSpecHref,
  type LocalSpec,
} from '../../client/local/setup-spec';

const good: LocalSpec = {
  seats: [
    { name: 'Ada', bot: null },
    { name: 'Zoé 🚀', bot: 'pilot' },
  ],
  options: { events: 'standard' },
  seed: 'seed-1',
};

const encoded = (value: unknown) => encodeLocalSpec(value as LocalSpec);
const errorOf = (code: string) => {
  const decoded = decodeLocalSpec(code);
  return 'error' in decoded ? decoded.error : null;
};

describe('local table spec', () => {
  it('survives the URL round trip, non-ASCII names included', () => {
    expect(decodeLocalSpec(encodeLocalSpec(good))).toEqual(good);
    expect(localSpecHref(good)).toMatch(/^#\/local\?spec=[\w-]+$/);
  });

  it('refuses a damaged link with a reason', () => {
    expect(errorOf('%%%not base64')).toMatch(/damaged/);
    expect(errorOf(btoa('{"seats": ['))).toMatch(/damaged/);
    expect(errorOf('')).toMatch(/damaged/);
  });

  it('refuses a table without a person', () => {
    expect(errorOf(encoded({ ...good, seats: [{ name: 'Bot', bot: 'cadet' }] }))).toMatch(/person/);
  });

  it('refuses an unknown bot level, naming it', () => {
    expect(errorOf(encoded({ ...good, seats: [good.seats[0], { name: 'X', bot: 'admiral' }] }))).toMatch(
      /Unknown bot level "admiral"/,
    );
  });

  it('refuses too many or too few seats and bad names', () => {
    expect(localSpecError({ ...good, seats: [] })).toMatch(/1 to 6 seats/);
    expect(localSpecError({ ...good, seats: Array(7).fill({ name: 'A', bot: null }) })).toMatch(
      /1 to 6 seats/,
    );
    expect(localSpecError({ ...good, seats: [{ name: '  ', bot: null }] })).toMatch(/name/);
    expect(localSpecError({ ...good, seats: [{ name: 'x'.repeat(25), bot: null }] })).toMatch(/name/);
    expect(localSpecError(null)).toMatch(/missing/);
  });

  it('refuses bad options and a bad seed with a reason', () => {
    expect(localSpecError({ ...good, options: { events: 'impossible' } })).toMatch(/events/);
    expect(localSpecError({ ...good, seed: 42 })).toMatch(/seed/);
  });
});
