/**
 * Generates the typed data modules game/data/*.generated.ts from the reference JSON in
 * assets/reference. Run with `npm run data`.
 *
 * Everything read is validated against the types of game/data/types.ts; anything that does not
 * fit throws an error naming the reference file and the entry. test/data.test.ts checks that the
 * generated modules still agree with the reference files. One module per reference file in
 * tools/data/ reads and checks it and says what its generated module holds.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OUT_DIR, PROJECT_ROOT, REFERENCE_DIR } from './data/reference';
import { tilesOutput } from './data/tiles';
import { planetsOutput } from './data/planets';
import { corporationsOutput } from './data/corporations';
import { civCardsOutput } from './data/civ-cards';
import { objectivesOutput } from './data/objectives';
import { eventsOutput } from './data/events';
import { type Output, loadFormatter, render } from './data/output';

async function main(): Promise<void> {
  if (!existsSync(REFERENCE_DIR)) {
    throw new Error(
      `Reference folder not found: ${REFERENCE_DIR} (the project keeps its reference data in assets/reference)`,
    );
  }
  const outputs: Output[] = [
    tilesOutput(),
    planetsOutput(),
    corporationsOutput(),
    civCardsOutput(),
    objectivesOutput(),
    eventsOutput(),
  ];

  const format = await loadFormatter();
  for (const out of outputs) {
    const target = path.join(OUT_DIR, out.file);
    let text = render(out);
    if (format) text = await format(text, target);
    writeFileSync(target, text);
    console.log(`wrote ${path.relative(PROJECT_ROOT, target)}`);
  }
  if (!format) console.log('prettier not installed: files left unformatted');
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? `build-data: ${e.message}` : e);
  process.exit(1);
});
