/**
 * The engine's refusals and labels as English sentences with their rule, for assertions that read
 * like the rulebook: `expect(why(applyAction(...))).toMatch(/edge square .*§4\.3/)`.
 */
import { explainMessage, isMessage, type Message } from '../../game/core/messages';

export function why(result: Message | string | null | undefined): string | null {
  if (result === null || result === undefined) return null;
  return isMessage(result) ? explainMessage(result) : result;
}
