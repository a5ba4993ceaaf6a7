/**
 * The test suite in five projects, by what a test needs and how long it takes:
 *
 * - unit: in-process, fast (the whole set under a minute on 2 cores): `npm run test:unit`;
 * - e2e: runs the commands in bin/ (or a script in dist/) as a user does: `npm run test:e2e`;
 * - differential: against an independent reference on many random inputs (clingo-wasm with
 *   the encodings in test/asp/, or a plain search written in the test): `npm run test:differential`;
 * - browser: pages opened in a headless chromium (skip, saying so, without one): `npm run test:browser`;
 * - redis: the queue against a real redis-server the tests start: `npm run test:redis`.
 *
 * `npm test` runs them all (CI). A test file belongs to one project: the lists below name
 * the files of every project but unit, which holds the rest, so a new file is a unit test
 * until it is listed elsewhere.
 */
import { defineConfig } from "vitest/config";

/** Pages in a headless chromium (test/helpers/browser.ts). */
const BROWSER = [
  "test/maze-browser.test.ts",
  "test/maze-page.test.ts",
  "test/minotaur-browser.test.ts",
  "test/minotaur-page.test.ts",
  "test/show-browser.test.ts",
  "test/studio-*.test.ts",
  "test/labbench-report.test.ts",
];

/** The queue and its workers against a real redis-server (test/helpers/redis.ts). */
const REDIS = ["test/queue.test.ts", "test/queue-outcome.test.ts", "test/queue-proof.test.ts", "test/labbench-queue.test.ts", "test/stop.test.ts"];

/** Many random inputs against a reference: clingo-wasm, or a plain search written in the test (slow: minutes). */
const DIFFERENTIAL = [
  "test/differential.test.ts",
  "test/game-differential.test.ts",
  "test/ipc-differential.test.ts",
  "test/maze-turn-clingo.test.ts",
  "test/ipc-anchor.test.ts",
  "test/ipc-charged.test.ts",
  "test/shared-table.test.ts",
  // a pruning rule or shortcut against the search without it or a plain simulation, on many random instances
  "test/grown-reach.test.ts",
  "test/improve.test.ts",
  "test/ipc-both-views.test.ts",
  "test/ipc-one-view-reuse.test.ts",
  "test/relevance.test.ts",
  "test/grows.test.ts",
  "test/ipc-guide.test.ts",
  "test/lookahead.test.ts",
  "test/needless-first-push.test.ts",
  "test/pruning.test.ts",
  "test/quick-two-pushes.test.ts",
  "test/rules.test.ts",
  "test/stuck-set.test.ts",
  "test/symmetry.test.ts",
];

/** The commands in bin/ (or scripts in dist/) run as processes. */
const E2E = [
  "test/address-space.test.ts",
  "test/any-schedule.test.ts",
  "test/architecture.test.ts",
  "test/batch*.test.ts",
  "test/checkpoint.test.ts",
  "test/cli.test.ts",
  "test/depth-nodes.test.ts",
  "test/done-share.test.ts",
  "test/enumeration-order.test.ts",
  "test/game-cli.test.ts",
  "test/guides.test.ts",
  "test/improver.test.ts",
  "test/ipc.test.ts",
  "test/ipc-anytime.test.ts",
  "test/ipc-parallel.test.ts",
  "test/ipc-problem.test.ts",
  "test/ipc-threads.test.ts",
  "test/ipc-variations.test.ts",
  "test/labbench-run.test.ts",
  "test/labcheck-contract.test.ts",
  "test/labgen.test.ts",
  "test/large-boards.test.ts",
  "test/library.test.ts",
  "test/maze-cli.test.ts",
  "test/maze-defects.test.ts",
  "test/minotaur-levels.test.ts",
  "test/options.test.ts",
  "test/outcome-schema.test.ts",
  "test/package.test.ts",
  "test/progress.test.ts",
  "test/proof-records.test.ts",
  "test/push-kernel.test.ts",
  "test/reference.test.ts",
  "test/robustness.test.ts",
  "test/round-trip.test.ts",
  "test/shared.test.ts",
  "test/show.test.ts",
  "test/show-outcome.test.ts",
  "test/static-inputs.test.ts",
  "test/stop-solvers.test.ts",
  "test/theseus.test.ts",
  "test/threads.test.ts",
  "test/wide.test.ts",
];

const ALL = "test/**/*.test.ts";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: [ALL], exclude: [...BROWSER, ...REDIS, ...DIFFERENTIAL, ...E2E] } },
      { extends: true, test: { name: "e2e", include: E2E } },
      { extends: true, test: { name: "differential", include: DIFFERENTIAL } },
      { extends: true, test: { name: "browser", include: BROWSER } },
      { extends: true, test: { name: "redis", include: REDIS } },
    ],
  },
});
