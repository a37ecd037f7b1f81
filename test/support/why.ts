/**
 * The engine's refusals, for assertions. A test asserts which refusal it is, by its code and rule:
 * `expect(refusal(applyAction(...))).toEqual({ code: 'reason.firstTileEdge', rule: '§4.3' })`; the
 * wording of every code is checked once, in test/messages-catalogue.test.ts. `why` gives the English
 * sentence with its rule, for failure messages and the log.
 */
import { explainMessage, isMessage, type Message, type MessageCode } from '../../game/core/messages';

export function why(result: Message | string | null | undefined): string | null {
  if (result === null || result === undefined) return null;
  return isMessage(result) ? explainMessage(result) : result;
}

/** Which refusal it is: its code, and its rule where the message has one (no `rule` key otherwise). */
export interface Refusal {
  code: MessageCode;
  rule?: string;
}

/** The refusal's code and rule, or null when the action was applied (or there was no message). */
export function refusal(result: Message | null | undefined): Refusal | null {
  if (result === null || result === undefined) return null;
  if (!isMessage(result)) throw new Error(`Not a coded message: ${JSON.stringify(result)}`);
  return result.rule === undefined ? { code: result.code } : { code: result.code, rule: result.rule };
}
