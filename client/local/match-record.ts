/**
 * The record of a finished local match (seed, options, moves). The replay comes through the public
 * front: it is in the engine's chunk already (game/index.ts exports it), so loading it lazily
 * would split nothing off.
 */
import {
  type LogLikeEntry,
  type MatchRecord,
  mergeSeatLogs,
  recordFromLog,
  type SetupData,
} from '../../game';

export interface LocalMatchSetup {
  numPlayers: number;
  seed: string;
  setupData: SetupData;
}

/** `logs`: each seat's client log, in seat order (each holds only its own moves' arguments). */
export async function localMatchRecord(
  setup: LocalMatchSetup,
  logs: readonly (readonly unknown[])[],
): Promise<MatchRecord> {
  return recordFromLog(setup, mergeSeatLogs(logs as LogLikeEntry[][]));
}
