/**
 * What the pruning rules tried and cut, summed over search threads, and its line in
 * `labsolve --stats` (docs/design/search.md names each rule's lemma).
 */
import type { RuleStats } from "../options.js";

/**
 * Sums the counters of rules of the same name (one list per search thread, in any
 * order); the result keeps the order in which the names first appear.
 */
export function sumRuleStats(lists: readonly (readonly RuleStats[] | undefined)[]): RuleStats[] {
  const byName = new Map<string, RuleStats>();
  for (const list of lists) {
    for (const r of list ?? []) {
      const seen = byName.get(r.name);
      if (seen === undefined) byName.set(r.name, { ...r });
      else {
        seen.tried += r.tried;
        seen.cut += r.cut;
      }
    }
  }
  return [...byName.values()];
}

/**
 * One line per rule that looked at anything: `%   rule: cut C of T (P%), keeps ..., Lemma L`.
 * Empty when no rule did.
 */
export function formatRuleStats(rules: readonly RuleStats[]): string {
  return rules
    .filter((r) => r.tried > 0)
    .map((r) => `%   ${r.name}: cut ${r.cut} of ${r.tried} (${((100 * r.cut) / r.tried).toFixed(1)}%), keeps ${r.preserves}, ${r.lemma}\n`)
    .join("");
}
