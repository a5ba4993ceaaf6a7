/**
 * The competition layout (labsolve's default, every rule set): each answer as `ANSWER`
 * and its witness line as it is found; at the end, the rule set's notes as `% ` comment
 * lines, for one answer wanted and interrupted the answer's bounds (`% pushes 9, shortest
 * >= 7`), then `INCONSISTENT` when none exists (proven) or `% interrupted: WHY`.
 * Source: ../shared/spec/asp-competition-io.md (the competition's output).
 */
import type { Model, Outcome, WitnessKind } from "../core/outcome.js";
import { witnessLine, type Layout, type LayoutContext } from "./layout.js";

export class CompetitionLayout implements Layout {
  readonly keepsAnswers = false;
  constructor(private readonly ctx: LayoutContext) {}
  start(): void {}
  better(): void {}
  lowerBound(): void {}
  model(m: Model, kind: WitnessKind): void {
    this.ctx.write(`ANSWER\n${witnessLine(kind, m.witness)}\n`);
  }
  end(o: Outcome): void {
    let text = o.notes.map((n) => `% ${n}\n`).join("");
    if (this.ctx.wanted === 1 && o.interrupted && o.upperBound !== null && !o.optimal) text += `% ${o.cost} ${o.upperBound}, shortest >= ${o.lowerBound ?? 0}\n`;
    if (o.status === "UNSATISFIABLE") text += "INCONSISTENT\n";
    else if (o.interrupted) text += `% interrupted${o.interruptedBy ? `: ${o.interruptedBy}` : ""}\n`;
    this.ctx.write(text);
  }
}
