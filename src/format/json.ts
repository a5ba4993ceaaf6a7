/**
 * The json layout (every rule set): the Outcome as one document, pretty-printed with two
 * spaces, at the end; the solver keeps every answer for it. Schema: schema/outcome.schema.json.
 */
import type { Outcome } from "../core/outcome.js";
import type { Layout, LayoutContext } from "./layout.js";

export class JsonLayout implements Layout {
  readonly keepsAnswers = true;
  constructor(private readonly ctx: LayoutContext) {}
  start(): void {}
  better(): void {}
  lowerBound(): void {}
  model(): void {}
  end(o: Outcome): void {
    this.ctx.write(`${JSON.stringify(o, null, 2)}\n`);
  }
}
