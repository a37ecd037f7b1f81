/**
 * The order the suite's files start in: the slowest first, whatever their project.
 *
 * Vitest's own order runs the projects one after another by name and, on a fresh copy without its
 * cache (CI), leaves files in the order found. The server project came last, with the tools' file
 * (two minutes and more) among it, and one worker ran it alone while the other had nothing left.
 * Started first, the long files overlap the many short ones, and both workers end together.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each slow file took in CI on two cores (the mean of three runs; files under 3 s are left
 * out). Only the order depends on them: a file missing here starts after these, in Vitest's order.
 */
const SECONDS_IN_CI: Readonly<Record<string, number>> = {
  'test/browser/online-game.test.ts': 70,
  'test/tools/tune.test.ts': 70,
  'test/browser/bots-game.test.ts': 64,
  'test/browser/local-game.test.ts': 53,
  'test/tools/train.test.ts': 35,
  'test/tools/sim.test.ts': 30,
  'test/tools/load.test.ts': 25,
  'test/bots.test.ts': 46,
  'test/browser/table.test.ts': 41,
  'test/browser/table-layout.test.ts': 37,
  'test/server/faults.test.ts': 34,
  'test/browser/tutorial.test.ts': 34,
  'test/browser/corporation.test.ts': 33,
  'test/browser/play-across-days.test.ts': 29,
  'test/browser/replay.test.ts': 27,
  'test/properties.test.ts': 26,
  'test/server/clocks-restart.test.ts': 25,
  'test/browser/accessibility.test.ts': 18,
  'test/server/multi-instance.test.ts': 17,
  'test/browser/resume-local.test.ts': 13,
  'test/browser/planets-and-end.test.ts': 13,
  'test/server/bots.test.ts': 12,
  'test/tools/strength.test.ts': 12,
  'test/bots-planets.test.ts': 12,
  'test/rules/listing.property.test.ts': 10,
  'test/browser/placing.test.ts': 10,
  'test/browser/pass-and-play.test.ts': 10,
  'test/server/hardening-lobby.test.ts': 9,
  'test/server/socket-limits.test.ts': 8,
  'test/planets/random-games.property.test.ts': 8,
  'test/server/clocks.test.ts': 7,
  'test/browser/refused-move.test.ts': 7,
  'test/server/lobby.test.ts': 6,
  'test/rules/boards.test.ts': 5,
  'test/browser/preferences.test.ts': 5,
  'test/move-copy.test.ts': 4,
  'test/client/planets-and-end.test.tsx': 4,
  'test/client/corporation-board.test.tsx': 4,
  'test/browser/csp.test.ts': 4,
  'test/bots/resolve-cycles.test.ts': 4,
  'test/server/security.test.ts': 3,
  'test/client/local-bot-driver.test.ts': 3,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (file: TestSpecification) =>
      SECONDS_IN_CI[relative(root, file.moduleId).split('\\').join('/')] ?? 0;
    // A stable sort: files of equal weight (all those not listed) keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => seconds(b) - seconds(a));
  }
}
