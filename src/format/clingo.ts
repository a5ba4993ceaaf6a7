/**
 * clingo's layout (every rule set): clingo's header; each answer as `Answer: k` and its
 * witness (atoms without dots, or words), with `Optimization: C` after it when one answer
 * is wanted (clingo optimising: every better answer printed as found, a `% shortest >= L`
 * comment per proven bound); then the rule set's notes as `% ` lines, the status line
 * (`OPTIMUM FOUND`, `SATISFIABLE`, `UNSATISFIABLE`, `UNKNOWN`) and the Models, Optimum,
 * Optimization, Calls and Time lines. Source: ../shared/spec/asp-competition-io.md.
 */
import type { Model, Outcome, WitnessKind } from "../core/outcome.js";
import type { Layout, LayoutContext } from "./layout.js";

export class ClingoLayout implements Layout {
  readonly keepsAnswers = false;
  private count = 0;
  /** the witness of the last better answer printed: the final answer is not printed twice */
  private lastBetter: string | undefined;
  constructor(private readonly ctx: LayoutContext) {}
  start(): void {
    this.ctx.write(`labsolve version ${this.ctx.version}\nReading from ${this.ctx.source}\nSolving...\n`);
  }
  private answer(m: Model): void {
    const optimisation = this.ctx.wanted === 1 ? `Optimization: ${m.cost}\n` : "";
    this.ctx.write(`Answer: ${++this.count}\n${m.witness.join(" ")}\n${optimisation}`);
  }
  better(m: Model): void {
    this.answer(m);
    this.lastBetter = m.witness.join(" ");
  }
  lowerBound(bound: number): void {
    this.ctx.write(`% shortest >= ${bound}\n`);
  }
  model(m: Model): void {
    if (this.lastBetter !== undefined && this.lastBetter === m.witness.join(" ")) return;
    this.answer(m);
  }
  end(o: Outcome): void {
    const notes = o.notes.map((n) => `% ${n}\n`).join("");
    const interrupted = o.interrupted ? "INTERRUPTED  : 1\n" : "";
    const time = `Calls        : 1\nTime         : ${o.statistics.seconds.toFixed(3)}s\n`;
    if (this.ctx.wanted === 1 && o.upperBound !== null && o.answers > 0) {
      const models = `${this.count}${o.optimal ? "" : "+"}`;
      this.ctx.write(`${notes}${o.status}\n\n${interrupted}Models       : ${models}\n  Optimum    : ${o.optimal ? "yes" : "unknown"}\nOptimization : ${o.upperBound}\n${time}`);
      return;
    }
    const models = `${o.answers}${o.exhausted ? "" : "+"}`;
    this.ctx.write(`${notes}${o.status}\n\n${interrupted}Models       : ${models}\n${time}`);
  }
}
