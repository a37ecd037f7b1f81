/**
 * Checks that the project's copy of the reference data and rules (assets/reference) is an exact
 * copy of the folder where they are maintained, named on the command line:
 *   npm run -s data:compare -- <folder>
 * The folder holds RULES.md and RULINGS.md, and reference/ with the JSON files and their notes.
 * Exit code 0 when every file is identical, 1 with the differing files named, 2 on bad usage.
 * The project itself never needs that folder: this is for whoever updates the copy.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OURS = fileURLToPath(new URL('../assets/reference/', import.meta.url));
const RULE_FILES = ['RULES.md', 'RULINGS.md'];

const upstream = process.argv[2];
if (!upstream || !existsSync(join(upstream, 'reference'))) {
  console.error('usage: npm run -s data:compare -- <folder holding RULES.md, RULINGS.md and reference/>');
  process.exit(2);
}

const dataFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json') || f.endsWith('-NOTES.md'))
    .sort();

const pairs: [ours: string, theirs: string, name: string][] = [
  ...RULE_FILES.map((f): [string, string, string] => [join(OURS, f), join(upstream, f), f]),
  ...dataFiles(join(upstream, 'reference')).map((f): [string, string, string] => [
    join(OURS, f),
    join(upstream, 'reference', f),
    `reference/${f}`,
  ]),
];
const extra = dataFiles(OURS).filter((f) => !existsSync(join(upstream, 'reference', f)));

const problems: string[] = extra.map((f) => `assets/reference/${f} is not in the maintained folder`);
for (const [ours, theirs, name] of pairs) {
  if (!existsSync(theirs)) problems.push(`${name} is missing from the maintained folder`);
  else if (!existsSync(ours)) problems.push(`assets/reference/${name.replace('reference/', '')} is missing`);
  else if (!readFileSync(ours).equals(readFileSync(theirs)))
    problems.push(`assets/reference/${name.replace('reference/', '')} differs from ${name}`);
}
if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(`assets/reference is an exact copy (${pairs.length} files).`);
