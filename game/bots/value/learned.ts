/** The committed learned value function (`game/bots/value.json`, written by `npm run train`), if any. */
import data from '../value.json';
import { valueModelError, type ValueModel } from './model';

const loaded: unknown = data;

/** The model the Pilot and the Commander evaluate with, or null when none is committed (hand-set sum). */
export const LEARNED_VALUE: ValueModel | null =
  valueModelError(loaded) === null ? (loaded as ValueModel) : null;
