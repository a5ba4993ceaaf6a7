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
  "test/maze/text/maze-browser.test.ts",
  "test/maze/text/maze-page.test.ts",
  "test/maze/minotaur/minotaur-browser.test.ts",
  "test/maze/minotaur/minotaur-page.test.ts",
  "test/show/show-browser.test.ts",
  "test/studio-*.test.ts",
  "test/studio/**/*.test.ts",
  "test/bench/labbench-report.test.ts",
];

/** The queue and its workers against a real redis-server (test/helpers/redis.ts). */
const REDIS = ["test/queue/queue.test.ts", "test/queue/queue-outcome.test.ts", "test/queue/queue-proof.test.ts", "test/bench/labbench-queue.test.ts", "test/queue/stop.test.ts"];

/** Many random inputs against a reference: clingo-wasm, or a plain search written in the test (slow: minutes). */
const DIFFERENTIAL = [
  "test/push/competition/differential.test.ts",
  "test/push/game/game-differential.test.ts",
  "test/push/ipc2023/search/ipc-differential.test.ts",
  "test/maze/text/maze-turn-clingo.test.ts",
  "test/push/ipc2023/search/ipc-anchor.test.ts",
  "test/push/ipc2023/search/ipc-charged.test.ts",
  "test/push/competition/search/exact/shared-table.test.ts",
  // a pruning rule or shortcut against the search without it or a plain simulation, on many random instances
  "test/push/competition/search/board/grown-reach.test.ts",
  "test/push/competition/search/anytime/improve.test.ts",
  "test/push/ipc2023/search/ipc-both-views.test.ts",
  "test/push/ipc2023/search/ipc-one-view-reuse.test.ts",
  "test/push/competition/search/exact/relevance.test.ts",
  "test/push/competition/search/board/grows.test.ts",
  "test/push/ipc2023/search/ipc-guide.test.ts",
  "test/push/competition/search/board/lookahead.test.ts",
  "test/push/competition/search/exact/pruning/needless-first-push.test.ts",
  "test/push/competition/search/exact/pruning/pruning.test.ts",
  "test/push/competition/search/exact/pruning/quick-two-pushes.test.ts",
  "test/push/competition/search/exact/rules.test.ts",
  "test/push/competition/search/exact/pruning/stuck-set.test.ts",
  "test/push/competition/search/exact/symmetry.test.ts",
];

/** The commands in bin/ (or scripts in dist/) run as processes. */
const E2E = [
  "test/cli/address-space.test.ts",
  "test/any-schedule.test.ts",
  "test/architecture.test.ts",
  "test/batch/*.test.ts",
  "test/push/competition/search/proof/checkpoint.test.ts",
  "test/cli/cli.test.ts",
  "test/push/competition/search/exact/depth-nodes.test.ts",
  "test/push/competition/search/proof/done-share.test.ts",
  "test/maze/theseus/enumeration-order.test.ts",
  "test/push/game/game-cli.test.ts",
  "test/push/game/game-progress.test.ts",
  "test/guides.test.ts",
  "test/push/competition/search/anytime/improver.test.ts",
  "test/push/ipc2023/ipc.test.ts",
  "test/push/ipc2023/ipc-anytime.test.ts",
  "test/push/ipc2023/ipc-parallel.test.ts",
  "test/push/ipc2023/ipc-problem.test.ts",
  "test/push/ipc2023/ipc-progress.test.ts",
  "test/push/ipc2023/search/ipc-threads.test.ts",
  "test/push/ipc2023/ipc-variations.test.ts",
  "test/push/ipc2023/edit.test.ts",
  "test/bench/labbench-run.test.ts",
  "test/cli/labcheck-contract.test.ts",
  "test/cli/labgen.test.ts",
  "test/push/competition/large-boards.test.ts",
  "test/library.test.ts",
  "test/library-eval.test.ts",
  "test/maze/text/maze-cli.test.ts",
  "test/maze/text/maze-edge-cases.test.ts",
  "test/maze/minotaur/minotaur-levels.test.ts",
  "test/cli/options.test.ts",
  "test/format/outcome-schema.test.ts",
  "test/package.test.ts",
  "test/push/competition/search/run/progress.test.ts",
  "test/push/competition/search/proof/proof-records.test.ts",
  "test/push/competition/search/board/push-kernel.test.ts",
  "test/reference.test.ts",
  "test/cli/robustness.test.ts",
  "test/format/round-trip.test.ts",
  "test/push/competition/shared.test.ts",
  "test/show/show.test.ts",
  "test/show/show-outcome.test.ts",
  "test/cli/static-inputs.test.ts",
  "test/cli/stop-solvers.test.ts",
  "test/maze/theseus/theseus.test.ts",
  "test/push/competition/search/run/threads.test.ts",
  "test/push/competition/wide.test.ts",
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
