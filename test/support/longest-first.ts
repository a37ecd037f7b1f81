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
 * Seconds each slow file took in a whole run on two cores (files under 3 s are left out). Only
 * the order depends on them: a file missing here starts after these, in Vitest's order.
 */
const SECONDS_IN_CI: Readonly<Record<string, number>> = {
  'test/tools/tune.test.ts': 127,
  'test/browser/online-game.test.ts': 127,
  'test/tools/train.test.ts': 74,
  'test/server/faults.test.ts': 64,
  'test/browser/table.test.ts': 64,
  'test/browser/replay.test.ts': 58,
  'test/bots.test.ts': 57,
  'test/browser/tutorial.test.ts': 56,
  'test/browser/play-across-days.test.ts': 55,
  'test/browser/table-layout.test.ts': 48,
  'test/browser/local-game.test.ts': 47,
  'test/tools/load.test.ts': 47,
  'test/bots-planets.test.ts': 39,
  'test/tools/sim.test.ts': 38,
  'test/browser/planets-and-end.test.ts': 37,
  'test/properties.test.ts': 35,
  'test/browser/bots-game.test.ts': 35,
  'test/server/clocks-restart.test.ts': 35,
  'test/browser/corporation.test.ts': 30,
  'test/browser/accessibility.test.ts': 28,
  'test/browser/resume-local.test.ts': 27,
  'test/server/multi-instance.test.ts': 24,
  'test/browser/pass-and-play.test.ts': 19,
  'test/browser/placing.test.ts': 16,
  'test/server/bots.test.ts': 15,
  'test/rules/listing.property.test.ts': 9,
  'test/browser/refused-move.test.ts': 9,
  'test/tools/strength.test.ts': 9,
  'test/browser/preferences.test.ts': 9,
  'test/server/hardening-lobby.test.ts': 9,
  'test/bots/resolve-cycles.test.ts': 9,
  'test/server/socket-limits.test.ts': 9,
  'test/server/clocks.test.ts': 9,
  'test/planets/random-games.property.test.ts': 8,
  'test/server/lobby.test.ts': 7,
  'test/browser/csp.test.ts': 7,
  'test/rules/boards.test.ts': 6,
  'test/client/planets-and-end.test.tsx': 5,
  'test/client/corporation-board.test.tsx': 5,
  'test/bots/review.test.ts': 4,
  'test/client/resume-pages.test.tsx': 4,
  'test/client/table-aids.test.tsx': 4,
  'test/bots/pilot-level.test.ts': 4,
  'test/client/local-bot-driver.test.ts': 3,
  'test/server/hardening-http.test.ts': 3,
  'test/move-copy.test.ts': 3,
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
