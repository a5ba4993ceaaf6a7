/**
 * What relevance deferral (docs/search.md, "Relevance deferral") could save at best: for
 * each depth, per ply, the states the exact search makes at plies with three pushes left
 * or more, and how many of them have every far push of their path (Lemma 10's condition,
 * at plies with four pushes left or more) already touched by R. A sound deferral must
 * make each of the touched ones as a state of its own; the others it may share among
 * the far pushes of one ply. One thread, no beam bound, models 1 (as depth-nodes.ts).
 *
 *   node dist/scripts/deferral-census.js [--depth D] FILE...
 *
 * Prints per instance and depth: `ply k: touched/total (share%)` for the plies whose
 * states have three pushes or more left after them... and before them (k = 1 .. D - 2).
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { readInstance } from "../src/push/competition/instance.js";
import { solve } from "../src/push/competition/search/engine.js";

const args = process.argv.slice(2);
const at = args.indexOf("--depth");
const depth = at >= 0 ? Number(args.splice(at, 2)[1]) : 5;
for (const file of args) {
  const { instance } = readInstance(readFileSync(file, "utf8"), file);
  const lines: string[] = [];
  solve(instance, {
    maxSteps: Math.min(depth, instance.maxSteps),
    census: (d, total, touched) => {
      const cells: string[] = [];
      for (let k = 1; k < total.length; k++) {
        if (total[k] === 0) continue;
        cells.push(`ply ${k}: ${touched[k]}/${total[k]} (${((100 * touched[k]) / total[k]).toFixed(1)}%)`);
      }
      lines.push(`  depth ${d}: ${cells.join(", ")}`);
    },
  });
  process.stdout.write(`${basename(file)}\n${lines.join("\n")}\n`);
}
