/**
 * The part job of a proof on the queue: one depth of one instance, searched below some
 * push prefixes (src/core/plugin.ts ProofPart). Its result depends on the instance's text
 * and the part alone, so its id is a hash of those: the same part of the same instance is
 * one job, whoever asks and however often, and a frontier returned twice (a job that ran
 * twice) adds no job twice.
 */
import { createHash } from "node:crypto";
import { InputError } from "../core/errors.js";
import { parseFacts } from "../core/facts.js";
import type { ProofPart, ProofPartResult } from "../core/plugin.js";
import { factsRuleSet } from "../registry.js";
import { VERSION } from "../core/version.js";

/** The BullMQ job name of a proof's part (the batch's jobs have other names). */
export const PART_JOB = "part";

/** One part to search: the instance's name (for messages), its text, the part. */
export interface PartJobData {
  name: string;
  text: string;
  part: ProofPart;
}

/**
 * `p-` and 40 hex digits of SHA-256 over labyrinth's version, the text and the part (not
 * the name: the result does not depend on it). Another version searches the part again.
 */
export function partJobId(data: PartJobData, version = VERSION): string {
  const p = data.part;
  const key = [p.depth, p.prefixes, p.budget ?? null, p.frontierLength ?? null, p.sizesLength ?? null, p.tableMegabytes ?? null];
  const h = createHash("sha256").update(JSON.stringify([version, createHash("sha256").update(data.text).digest("hex"), key]));
  return `p-${h.digest("hex").slice(0, 40)}`;
}

/**
 * Searches the part with the instance's rule set's splitter (through the registry).
 * @param shouldStop polled during the search (ProofSplitter.searchPart)
 * @throws InputError when the rule set splits no proofs or the instance is malformed (the job fails: no attempt can do better)
 * @throws Error when shouldStop stopped the search
 */
export async function runPartJob(data: PartJobData, shouldStop?: () => boolean): Promise<ProofPartResult> {
  const ruleSet = factsRuleSet(parseFacts(data.text, data.name));
  if (!ruleSet.proof) throw new InputError(data.name, undefined, `labsolve --queue does not split proofs of the rule set ${ruleSet.name}`);
  return (await ruleSet.proof()).searchPart(data.text, data.name, data.part, shouldStop);
}
