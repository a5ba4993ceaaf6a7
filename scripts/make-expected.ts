/**
 * Writes expected/NAME.json for every instance in instances/: the verdict, the fewest
 * pushes and the number of solutions, computed by clingo (clingo-wasm, in-process) with
 * our ASP encoding test/asp/push-labyrinth.lp. Never by labsolve.
 *
 *   npm run expected            (after npm run build)
 *
 * Existing files are left alone unless --force is given.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { run } from "clingo-wasm";

interface Witness {
  Value: string[];
}
interface Outcome {
  Result: string;
  Models: { Number: number; More: string };
  Call?: { Witnesses?: Witness[] }[];
}

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const encoding = readFileSync(join(root, "test/asp/push-labyrinth.lp"), "utf8");
const force = process.argv.includes("--force");
mkdirSync(join(root, "expected"), { recursive: true });

for (const name of readdirSync(join(root, "instances")).filter((f) => /\.(lp|asp)$/.test(f)).sort()) {
  const target = join(root, "expected", `${basename(name).replace(/\.(lp|asp)$/, "")}.json`);
  if (existsSync(target) && !force) {
    console.log(`${target}: exists, kept`);
    continue;
  }
  const facts = readFileSync(join(root, "instances", name), "utf8");
  const best = (await run(`${encoding}\n${facts}\n#minimize { 1,S : push(Z,D,S) }.`, 0)) as Outcome;
  const all = (await run(`${encoding}\n${facts}`, 0)) as Outcome;
  const last = best.Call?.[0]?.Witnesses?.at(-1);
  const expected = {
    instance: `instances/${name}`,
    status: all.Models.Number > 0 ? "SATISFIABLE" : "UNSATISFIABLE",
    fewest: last ? last.Value.filter((a) => a.startsWith("push(")).length : null,
    solutions: all.Models.Number,
    source: "clingo-wasm with test/asp/push-labyrinth.lp: #minimize for fewest, -n 0 for solutions",
  };
  writeFileSync(target, `${JSON.stringify(expected, null, 2)}\n`);
  console.log(`${target}: ${expected.status} fewest ${expected.fewest} solutions ${expected.solutions}`);
}
