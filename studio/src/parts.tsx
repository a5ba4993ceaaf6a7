/**
 * The studio's small pieces of the page: an input, the error box with the line it points
 * at, the answer's status in the commands' words, the maze editor's panel, a thrown
 * value's message.
 */
import type { Solved } from "./solver-worker.js";
import { errorPlace } from "./errors.js";
import { MazeEditor } from "./maze-editor.js";
import { readMaze } from "./maze-edit.js";

/** An input's text and name, and a planning task's second file (the other of domain and problem). */
export interface Input {
  text: string;
  name: string;
  more?: { text: string; name: string }[];
}

/** The error box: the message as labsolve prints it, and the line it points at with a caret. */
export function ErrorBox({ message, input }: { message: string; input: Input | undefined }) {
  const place = errorPlace(message);
  const line = place && input ? input.text.split(/\r?\n/)[place.line - 1] : undefined;
  return (
    <div class="error" id="error" role="alert">
      {message}
      {line !== undefined ? `\n${place!.line} | ${line}\n${" ".repeat(String(place!.line).length)} | ${" ".repeat(Math.max(0, place!.column - 1))}^` : ""}
    </div>
  );
}

/** The answer's status in the commands' words. */
export function statusText(s: Solved): string {
  const lines: string[] = [s.status];
  if (s.witness.length > 0 || s.upperBound !== null) lines.push(`cost: ${s.upperBound ?? ""} ${s.costKind}${s.optimal ? " (proven shortest)" : s.fewest === null ? " (not proven shortest)" : ""}`);
  for (const n of s.notes) lines.push(n);
  lines.push(`${s.states === null ? "stopped" : `${s.states} states`} in ${s.seconds.toFixed(2)} s; exit code ${s.exitCode}`);
  return lines.join("\n");
}

/** The maze editor on the opened input's text (its marks: the registry's), or the reader's message when it cannot be read. */
export function EditPanel({ input, marks, onEdit }: { input: Input; marks: readonly string[]; onEdit: (text: string) => void }) {
  let maze;
  try {
    maze = readMaze(input.text, input.name);
  } catch (e) {
    return <div class="error">{messageOf(e)}</div>;
  }
  return <MazeEditor maze={maze} marks={marks} onEdit={onEdit} />;
}

/** A thrown value's message, without Comlink's or the browser's prefix. */
export function messageOf(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.replace(/^Error: /, "");
}
