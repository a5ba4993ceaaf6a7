/**
 * Nodes per depth of the exact search, one thread, no beam bound: the numbers a change
 * to the search's structure must leave unchanged (and a pruning rule must lower).
 *
 *   node dist/scripts/depth-nodes.js [--depth D] [--models N] [--seconds S] [--plies] [--deferral] [--no-three] [--no-grown] [--no-second] [--no-quick] [--ahead] [--first-pushes] FILE...
 *
 * For each instance, the deepening runs up to D pushes (default 5, never past
 * max_steps) and stops at the first solution (models 1, the commutation rule on) or
 * after N solutions (-n 0: all, no commutation rule). A depth is cut short after S
 * seconds (default 120). Prints one line per instance: name, then depth:nodes pairs;
 * with --plies, then the last depth's nodes per ply (the states made by the push of
 * ply 0, 1, ...). --deferral turns relevance deferral on (docs/search.md, Lemmas 10-14);
 * --no-three turns the rules of Lemmas 15 and 16 off (three and four pushes left, sets
 * that cannot grow); --no-grown turns Lemma 17's rule off (two pushes left, where a grown
 * set reaches, decided before the push is written); --no-second turns Lemma 19's rule
 * off (two pushes left, a first push that cannot matter to the last); --no-quick turns off the shortcuts
 * of TwoPushes that decide the same (SearchOptions.quickTwoPushes: growth words reused
 * from the parent, line masks for the first pushes that grow neither set, the far
 * children's plan, Lemma 17 (5) walks and first pushes decided whatever the far push
 * shared); --ahead
 * turns Lemma 18's rule on (a row push with three left that grows neither set, judged
 * before its state is written; off by default: it does not pay). --first-pushes prints,
 * after the line, each first push's share (%) of the last depth's states, in move order
 * (0 .. 4N - 1): what a checkpointed proof's done units weigh (the shares of 0207's first
 * pushes at depths 5 and 6 agree closely). The counts are read at the search's polls
 * (every few thousand states), so a share is exact to a few thousand states.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { readInstance } from "../src/push/competition/instance.js";
import { solve } from "../src/push/competition/search/engine.js";

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const depth = Number(opt("--depth", "5"));
const models = Number(opt("--models", "1"));
const seconds = Number(opt("--seconds", "120"));
const plies = args.indexOf("--plies");
if (plies >= 0) args.splice(plies, 1);
const deferral = args.indexOf("--deferral");
if (deferral >= 0) args.splice(deferral, 1);
const noThree = args.indexOf("--no-three");
if (noThree >= 0) args.splice(noThree, 1);
const noGrown = args.indexOf("--no-grown");
if (noGrown >= 0) args.splice(noGrown, 1);
const noQuick = args.indexOf("--no-quick");
if (noQuick >= 0) args.splice(noQuick, 1);
const noSecond = args.indexOf("--no-second");
if (noSecond >= 0) args.splice(noSecond, 1);
const ahead = args.indexOf("--ahead");
if (ahead >= 0) args.splice(ahead, 1);
const firstPushes = args.indexOf("--first-pushes");
if (firstPushes >= 0) args.splice(firstPushes, 1);
for (const file of args) {
  const { instance } = readInstance(readFileSync(file, "utf8"), file);
  const started = performance.now();
  const maxSteps = Math.min(depth, instance.maxSteps);
  // states per first push of the last depth: the count at each first push's end, less the
  // one before; the depths before it are counted exactly (onDepth)
  const perFirstPush = new Float64Array(4 * instance.size);
  let nodes = 0;
  let before = 0;
  let earlier = 0;
  const result = solve(instance, {
    maxSteps,
    models,
    deferral: deferral >= 0,
    threePushes: noThree < 0,
    grownReach: noGrown < 0,
    secondLast: noSecond < 0,
    quickTwoPushes: noQuick < 0,
    twoAhead: ahead >= 0,
    shouldStop: () => performance.now() - started > seconds * 1000,
    onNodes: (n) => {
      nodes = n;
    },
    onDepth: (stats) => {
      earlier += stats.nodes;
      before = earlier;
    },
    onRootDone: (d, m) => {
      if (d !== maxSteps) return;
      perFirstPush[m] = nodes - before;
      before = nodes;
    },
  });
  const cells = result.depths.map((d) => `${d.depth}:${d.nodes}${d.complete ? "" : "+"}`);
  const s = ((performance.now() - started) / 1000).toFixed(2);
  const last = result.depths[result.depths.length - 1];
  const perPly = plies >= 0 && last?.plies !== undefined ? ` plies=${last.plies.join(",")}` : "";
  process.stdout.write(`${basename(file)} ${cells.join(" ")} solutions=${result.solutions.length} ${s}s${perPly}\n`);
  if (firstPushes >= 0) {
    const total = perFirstPush.reduce((a, b) => a + b, 0);
    const shares = Array.from(perFirstPush, (v) => (total > 0 ? ((100 * v) / total).toFixed(2) : "0"));
    process.stdout.write(`first pushes (% of depth ${last?.depth ?? 0}'s states): ${shares.join(" ")}\n`);
  }
}
