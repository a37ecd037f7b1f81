/** The record of a finished local match (seed, options, moves), loaded only when asked for. */
import type { LogLikeEntry, MatchRecord, SetupData } from '../../game';

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
  const { mergeSeatLogs, recordFromLog } = await import('../../game/replay');
  return recordFromLog(setup, mergeSeatLogs(logs as LogLikeEntry[][]));
}
