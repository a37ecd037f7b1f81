/**
 * The client and the server reach the rules only through their public front (game/index.ts) and
 * the bots' entry (game/bots): eslint.config.js refuses any other path into game/, and this test
 * checks the rule is there and bites, so it cannot be lost in a config change.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restricted(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
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

  it('allows the front and the bots entry', async () => {
    expect(await restricted('client/probe.ts', "export { applyAction } from '../game';\n")).toBe(false);
    expect(await restricted('server/probe.ts', "export { chooseAction } from '../game/bots';\n")).toBe(false);
  }, 30_000);

  it('leaves the rules, the tools and the tests free to use internals', async () => {
    expect(await restricted('tools/probe.ts', "export { clone } from '../game/rules/draft';\n")).toBe(false);
    expect(await restricted('game/bots/probe.ts', "export { clone } from '../rules/draft';\n")).toBe(false);
  }, 30_000);
});
