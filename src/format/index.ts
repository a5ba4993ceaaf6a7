/** The output layouts by format name (labsolve -f): one module each, rule-set neutral. */
import type { OutputFormat } from "../core/outcome.js";
import { ClingoLayout } from "./clingo.js";
import { CompetitionLayout } from "./competition.js";
import { JsonLayout } from "./json.js";
import type { Layout, LayoutClass, LayoutContext } from "./layout.js";

export type { Layout, LayoutContext } from "./layout.js";

const LAYOUTS: Record<OutputFormat, LayoutClass> = {
  competition: CompetitionLayout,
  clingo: ClingoLayout,
  json: JsonLayout,
};

/** The layout of a format. */
export function makeLayout(format: OutputFormat, ctx: LayoutContext): Layout {
  return new LAYOUTS[format](ctx);
}
