/** The board game's rule set in one line, for --stats and labcheck's human mode. */
import { spareRules, type GameInstance } from "./instance.js";

/** One line naming the rule set, for --stats and labcheck's human mode. */
export function describeGameRules(inst: GameInstance): string {
  const { rotate, noReverse } = spareRules(inst);
  const m = inst.rules.motion;
  const lines = m.kind === "spare" && m.inserts !== "all" ? `${m.inserts.length} insert line(s)` : "every line";
  const goal = inst.goal.kind === "tile" ? "goal tile" : `exit(${inst.goal.field.row},${inst.goal.field.col},${inst.goal.side})`;
  return `rules: game (spare tile${rotate ? ", rotate" : ""}${noReverse ? ", no_reverse" : ""}, ${lines}, ${goal}), cost ${inst.rules.cost}`;
}
