/** The record of a finished local match (seed, options, moves), loaded only when asked for. */
import type { SetupData } from '../../game/setup-data';
import type { MatchRecord } from '../../game/match';
import type { LogLikeEntry } from '../../game/replay';

export interface LocalMatchSetup {
  numPlayers: number;
  seed: string;
  setupData: SetupData;
}

export async function localMatchRecord(
  setup: LocalMatchSetup,
  log: readonly unknown[],
): Promise<MatchRecord> {
  const { recordFromLog } = await import('../../game/replay');
  return recordFromLog(setup, log as LogLikeEntry[]);
}
