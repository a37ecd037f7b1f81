/**
 * Writes client/i18n/en/content.json, the English of the game content, from the data modules
 * (client/i18n/content-source.ts); `npm run data` runs it after regenerating the data modules;
 * then add the French of any new key to client/i18n/fr/content.json.
 */
import { writeFileSync } from 'node:fs';
import { englishContent } from '../client/i18n/content-source';

const target = new URL('../client/i18n/en/content.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(englishContent(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
