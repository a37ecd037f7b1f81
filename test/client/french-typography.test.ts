/**
 * Every French text the client shows follows French typography and is French: a narrow no-break
 * space (U+202F) before : ; ! ? (never a plain space, never none), and no English left over
 * (words such as "the", "your", "tile", or the data's shape names). Scans every string of
 * client/i18n/fr/*.json and of the client's own wording of the engine's messages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../client/i18n';
import { messageText, frenchSpacing } from '../../client/i18n/messages';
import { message } from '../../game/core/messages';

const DIR = resolve(import.meta.dirname, '../../client/i18n/fr');

/** Every string of a JSON tree, with its path. */
function strings(tree: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof tree === 'string') out.push([path, tree]);
  else if (Array.isArray(tree)) tree.forEach((v, k) => strings(v, `${path}[${k}]`, out));
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const ALL = FILES.flatMap((f) => strings(JSON.parse(readFileSync(join(DIR, f), 'utf8')) as unknown, f));

/** Punctuation that takes a narrow no-break space before it, when it ends a word (not "http://", "10:30"). */
const BAD_SPACE = /(?:[ \u00a0]|(?<=[\p{L}\p{N})}»…]))[:;!?](?=\s|$|[)»])/u;
/** English words that have no business in a French sentence. */
const ENGLISH =
  /\b(?:the|and|your|you|with|which|tile|tiles|square|squares|depot|tetromino|pentomino|tromino|shaped|Universal Coalition|Republic)\b/;
/** Proper names printed in English in the French edition too. */
const NAMES =
  /Jump Drive|Horizon Group|Oasis Ultd|Wormhole Corp|Cosmos Inc|Makeshift|Mega ?Corp|Planet Unknown|Adam'?s Apple/gi;

describe('French texts', () => {
  it('are there to scan', () => {
    expect(ALL.length).toBeGreaterThan(500);
  });

  it('put a narrow no-break space before : ; ! ?', () => {
    const bad = ALL.filter(([, text]) => BAD_SPACE.test(text)).map(([path, text]) => `${path}: ${text}`);
    expect(bad).toEqual([]);
  });

  it('have no English left over', () => {
    const bad = ALL.filter(([, text]) => ENGLISH.test(text.replace(/{{[^}]*}}/g, '').replace(NAMES, ''))).map(
      ([path, text]) => `${path}: ${text}`,
    );
    expect(bad).toEqual([]);
  });

  it("give the engine's messages French spacing too, wherever their catalogue has a plain space", async () => {
    expect(frenchSpacing('Gagné : 2 Eau ; pourquoi ? Bravo !')).toBe(
      'Gagné\u202f: 2 Eau\u202f; pourquoi\u202f? Bravo\u202f!',
    );
    expect(frenchSpacing('voir https://x.fr à 10:30')).toBe('voir https://x.fr à 10:30');
    const fr = i18next.getFixedT('fr');
    const text = messageText(message('reason.notReachable', { x: 4, y: 6, fromX: 0, fromY: 11 }), fr);
    expect(BAD_SPACE.test(text)).toBe(false);
    await Promise.resolve();
  });
});
