/**
 * The rules panel's sections, in reading order, with the rulebook sections (§) and rulings (R) each
 * one explains, so a refusal's "why?" can open the section behind its rule. The texts live in
 * client/i18n/<lang>/rules.json under `sections.<id>`.
 */
export interface RulesSection {
  id: string;
  /** The rulebook sections (§n.m) and rulings (Rn) it covers, most specific first. */
  refs: readonly string[];
}

export const RULES_SECTIONS: readonly RulesSection[] = [
  { id: 'goal', refs: ['§1', '§6.5', 'R23'] },
  { id: 'round', refs: ['§3.1', '§3.2', '§3.3', '§3.9', '§2.6', '§2', '§3', 'R11', 'R12'] },
  { id: 'taking', refs: ['§3.5', '§4.9', '§4.10'] },
  { id: 'placing', refs: ['§4.1', '§4.2', '§4.3', '§4.4', '§4.8', '§3.6', '§4', 'R10', 'R18', 'R21', 'R29'] },
  { id: 'pieces', refs: ['§4.5', '§4.6', '§5.10.4', 'R13', 'R14'] },
  { id: 'gains', refs: ['§3.7', '§3.8', '§3.10', 'R1', 'R4'] },
  { id: 'tracks', refs: ['§5.1', '§5.2', '§5.3', '§5.4', '§5.5', '§5.6', '§5', 'R7', 'R8'] },
  { id: 'civ', refs: ['§5.7', 'R3'] },
  { id: 'water', refs: ['§5.8', '§4.7'] },
  { id: 'biomass', refs: ['§5.9'] },
  { id: 'rovers', refs: ['§5.10', 'R2', 'R5', 'R6', 'R9'] },
  { id: 'tech', refs: ['§5.11'] },
  { id: 'energy', refs: ['§5.12'] },
  { id: 'events', refs: ['§3.4', '§7.3', 'R19', 'R20', 'R27'] },
  { id: 'end', refs: ['§6.1', '§6.2'] },
  { id: 'scoring', refs: ['§6.3', '§6.4', '§6'] },
  { id: 'objectives', refs: ['§2.5', '§7.2', 'R16', 'R17'] },
  { id: 'solo', refs: ['§7.4'] },
  { id: 'twoPlayers', refs: ['§7.1'] },
  { id: 'boards', refs: ['§8.1', '§8.2', '§8', 'R24', 'R25', 'R30', 'R31', 'R32', 'R33'] },
  // The table's symbols, drawn (RulesSymbols): a key, not a rule.
  { id: 'symbols', refs: [] },
];

/**
 * The section that explains a rule reference (`§4.4`, `§5.10.2`, `R10`, or several joined with
 * commas): the section listing the longest prefix of its first reference; null when none does.
 */
export function sectionOfRule(rule: string): RulesSection | null {
  const first = rule.split(/[,;\s]+/).find(Boolean) ?? '';
  if (first.startsWith('R')) return RULES_SECTIONS.find((s) => s.refs.includes(first)) ?? null;
  const parts = first.replace(/^§/, '').split('.');
  for (let n = parts.length; n > 0; n--) {
    const ref = `§${parts.slice(0, n).join('.')}`;
    const found = RULES_SECTIONS.find((s) => s.refs.includes(ref));
    if (found) return found;
  }
  return null;
}

/** Lower case without accents, so "energie" finds "Énergie". */
export const searchable = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export const rulesHref = (section?: string): string => (section ? `#/rules/${section}` : '#/rules');
