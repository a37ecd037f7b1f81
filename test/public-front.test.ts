/**
 * The client and the server reach the rules only through their public front (game/index.ts) and
 * the bots' entry (game/bots): eslint.config.js refuses any other path into game/, and this test
 * checks the rule is there and bites, so it cannot be lost in a config change. The same config
 * keeps tools/ out of test/.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restricted(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? []).some(
    (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax',
  );
}

describe('the public front of game/', () => {
  it('refuses imports of the rules internals from client/ and server/', async () => {
    for (const file of ['client/probe.ts', 'server/probe.ts'])
      for (const internal of ['rules/draft', 'rules/legality', 'content/events', 'core/types', 'engine'])
        expect(
          await restricted(file, `export { x } from '../game/${internal}';\n`),
          `${file} → ${internal}`,
        ).toBe(true);
    expect(await restricted('client/table/probe.ts', "export { x } from '../../game/bots/cadet';\n")).toBe(
      true,
    );
  }, 30_000);

  it('refuses the other roads in: a lazy import, a computed specifier, a file named by URL', async () => {
    const roads = [
      "export const load = () => import('../game/replay');\n",
      "export const load = () => import('../game/bots/cadet');\n",
      'export const load = () => import(`../game/sim`);\n',
      "const url = new URL('../game/sim.ts', import.meta.url);\nexport const load = () => import(url.href);\n",
      "export const url = new URL('../game/bots/index.ts', import.meta.url);\n",
    ];
    for (const file of ['client/probe.ts', 'server/probe.ts'])
      for (const source of roads) expect(await restricted(file, source), `${file}: ${source}`).toBe(true);
  }, 30_000);

  it('allows the front and the bots entry', async () => {
    expect(await restricted('client/probe.ts', "export { applyAction } from '../game';\n")).toBe(false);
    expect(await restricted('server/probe.ts', "export { chooseAction } from '../game/bots';\n")).toBe(false);
    expect(await restricted('client/probe.ts', "export const load = () => import('../game/bots');\n")).toBe(
      false,
    );
    expect(
      await restricted('client/probe.ts', "export const load = () => import('./local/LocalGame');\n"),
    ).toBe(false);
    expect(
      await restricted(
        'server/probe.ts',
        "export const url = new URL('./bot-worker.ts', import.meta.url);\n",
      ),
    ).toBe(false);
  }, 30_000);

  it('keeps the tools out of the tests (the tests may use the tools)', async () => {
    expect(await restricted('tools/probe.ts', "export { x } from '../test/server/services';\n")).toBe(true);
    expect(await restricted('tools/probe.ts', "export const load = () => import('../test/support');\n")).toBe(
      true,
    );
    expect(await restricted('test/server/probe.ts', "export { x } from '../../tools/services';\n")).toBe(
      false,
    );
  }, 30_000);

  it('leaves the rules, the tools and the tests free to use internals', async () => {
    expect(await restricted('tools/probe.ts', "export { clone } from '../game/rules/draft';\n")).toBe(false);
    expect(await restricted('game/bots/probe.ts', "export { clone } from '../rules/draft';\n")).toBe(false);
  }, 30_000);
});
