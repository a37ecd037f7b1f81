/**
 * The game content's English text, read from the data modules and laid out as the `content` area
 * (`client/i18n/en/content.json`): civ cards, objectives, events, every corporation's name and techs,
 * the planets (their rules as ./planet-rule-texts words them) and the solo epilogues, keyed by kind
 * and id. `npx tsx tools/build-content-i18n.ts` writes the English file from here;
 * test/client/content.test.ts checks the file still agrees.
 */
import { CIV_CARDS, CORPORATIONS, EVENT_SOLO_EPILOGUE, EVENTS, OBJECTIVES, PLANETS } from '../../game';
import { planetRuleText } from './planet-rule-texts';

/** The solo epilogue lines, lowest band first (§7.4). */
export const EPILOGUES: readonly string[] = ((EVENT_SOLO_EPILOGUE.bands as { outcome: string }[]) ?? []).map(
  (b) => b.outcome,
);

export type ContentTexts = Record<string, Record<string, Record<string, string>>>;

export function englishContent(): ContentTexts {
  const civ: Record<string, Record<string, string>> = {};
  for (const c of CIV_CARDS) civ[c.id] = { name: c.name, text: c.effect };
  const objective: Record<string, Record<string, string>> = {};
  for (const o of OBJECTIVES)
    objective[o.id] = {
      neighborName: o.neighbor.name,
      neighborCondition: o.neighbor.condition,
      privateName: o.private.name,
      privateCondition: o.private.condition,
    };
  const event: Record<string, Record<string, string>> = {};
  for (const e of EVENTS) event[e.id] = { name: e.name, text: e.effect };
  const tech: Record<string, Record<string, string>> = {};
  const corporation: Record<string, Record<string, string>> = {};
  for (const corp of CORPORATIONS) {
    tech[corp.id] = Object.fromEntries(corp.techs.map((t) => [String(t.level), t.text]));
    corporation[corp.id] = { name: corp.name };
  }
  // Each planet's name and its own rule (§8.1), shown in the planet's rule panel, worded for the table.
  const planet: Record<string, Record<string, string>> = {};
  for (const p of PLANETS) planet[p.id] = { name: p.name, rule: planetRuleText(p.id) };
  const epilogue = { band: Object.fromEntries(EPILOGUES.map((text, k) => [String(k), text])) };
  return { civ, objective, event, tech, corporation, planet, epilogue };
}
