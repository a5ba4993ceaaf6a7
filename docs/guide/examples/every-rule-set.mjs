// Every rule set through the same four calls: readInstance (or readPlanningInstance), solve, check, draw.
// Run from the clone: node docs/guide/examples/every-rule-set.mjs
import { readFileSync } from "node:fs";
import { check, draw, readInstance, readPlanningInstance, solve } from "labyrinth";

const text = (file) => readFileSync(file, "utf8");
const inputs = [
  readInstance(text("instances/example-4x4.lp"), "example-4x4.lp"), // competition facts
  readInstance(text("docs/game-example.lp"), "game-example.lp"), // the board game (a spare tile)
  readInstance(text("instances/maze-8x12.txt"), "maze-8x12.txt"), // a text maze
  readInstance(text("instances/maze-turn-5x6.txt"), "maze-turn-5x6.txt", { rule: "turn" }), // Theseus' turn rule
  readInstance(text("instances/labyrinth-of-theseus-edges.csv"), "edges.csv"), // the transit graph
  readInstance(text("instances/minotaur/01-4x4.txt"), "01-4x4.txt"), // Theseus and the Minotaur
  readPlanningInstance(
    { text: text("docs/ipc2023/domain.pddl"), name: "domain.pddl" },
    { text: text("docs/ipc2023/example.pddl"), name: "example.pddl" },
  ), // IPC 2023 PDDL: a domain and a problem
];

/** The best answer as the text a user would paste: facts end in a dot, plans have an action a line. */
function witnessText(instance, words) {
  if (instance.input === "facts") return words.map((w) => `${w}.`).join(" ");
  return words.join(instance.input === "pddl" ? "\n" : " ");
}

for (const instance of inputs) {
  const outcome = await solve(instance, { timeLimit: 10 }); // what labsolve -f json prints
  const witness = witnessText(instance, outcome.models[0].witness);
  const verdict = await check(instance, witness); // what labcheck --json prints
  const picture = await draw(instance, witness, { format: "svg" }); // what labshow --format svg writes
  console.log(`${outcome.rules}: ${outcome.status}, ${outcome.fewest} ${outcome.cost}, valid ${verdict.valid}, svg of ${picture.text.length} characters`);
}
