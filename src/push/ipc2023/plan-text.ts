/**
 * A plan as labcheck plan and labshow plan read it: an IPC plan file as it is, or labsolve
 * plan's json document (`--format json`, the Outcome every rule set writes), whose last
 * model (the best plan) gives the actions.
 */
import { isJsonDocument, lastWitnessText } from "../../core/witness.js";

/**
 * The plan file's text: `text` itself, or the json document's last model's actions separated
 * by spaces, placed at their line in the document (so a validator's LINE:COL is the document's).
 * @param name the plan's name, in messages
 * @throws InputError for a json document without `models` of `witness` lists; Error when it has no plan (it says INCONSISTENT or UNKNOWN)
 */
export function planText(text: string, name: string): string {
  return isJsonDocument(text) ? lastWitnessText(text, name) : text;
}
