/**
 * The share job of a proof on the queue: one depth, one share of the first pushes of one
 * instance (src/core/plugin.ts ProofShare). Its result depends on the instance's text and
 * the share alone, so its id is a hash of those: the same share of the same instance is
 * one job, whoever asks and however often.
 */
import { createHash } from "node:crypto";
import { InputError } from "../core/errors.js";
import { parseFacts } from "../core/facts.js";
import type { ProofShare, ProofShareResult } from "../core/plugin.js";
import { factsRuleSet } from "../registry.js";

/** One share to search: the instance's name (for messages), its text, the share. */
export interface ShareJobData {
  name: string;
  text: string;
  share: ProofShare;
}

/** `s-` and 40 hex digits of SHA-256 over the text and the share (not the name: the result does not depend on it). */
export function shareJobId(data: ShareJobData): string {
  const s = data.share;
  const h = createHash("sha256").update(JSON.stringify([createHash("sha256").update(data.text).digest("hex"), s.depth, s.index, s.count, s.tableMegabytes ?? null]));
  return `s-${h.digest("hex").slice(0, 40)}`;
}

/**
 * Searches the share with the instance's rule set's splitter (through the registry).
 * @throws InputError when the rule set splits no proofs or the instance is malformed (the job fails: no attempt can do better)
 */
export async function runShareJob(data: ShareJobData): Promise<ProofShareResult> {
  const ruleSet = factsRuleSet(parseFacts(data.text, data.name));
  if (!ruleSet.proof) throw new InputError(data.name, undefined, `labsolve --queue does not split proofs of the rule set ${ruleSet.name}`);
  return (await ruleSet.proof()).searchShare(data.text, data.name, data.share);
}
