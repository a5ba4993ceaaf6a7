/**
 * The studio's keys, on the whole page: stepping through an answer (the arrows, Home, End;
 * space plays or pauses) and playing it by hand (the arrows and w for moves; u or Backspace
 * undoes, r restarts, h asks for a hint, Escape stops playing; for a push labyrinth's atoms,
 * Shift and an arrow moves the selected field, an arrow pushes its line and Enter walks
 * there). The arrows never scroll; keys typed in a text field are the field's.
 */
import { useLayoutEffect, type Dispatch, type StateUpdater } from "preact/hooks";
import { fieldBeside, PUSH_KEYS, pushAtom, walkAtom, type Field } from "./push-play.js";

/** What the keys read and change: the step shown, the line played by hand, the push selection. */
export interface PageKeys {
  /** the answer's steps (the witness's words after its start) */
  steps: number;
  setStep: Dispatch<StateUpdater<number>>;
  setPlaying: Dispatch<StateUpdater<boolean>>;
  /** the line played by hand (undefined: not playing) */
  playLine: string[] | undefined;
  setPlayLine: Dispatch<StateUpdater<string[] | undefined>>;
  playKind: "moves" | "atoms";
  askHint: () => Promise<void>;
  /** the selected field as the last click or key left it (read at once, before the next render) */
  selectedNow: { current: Field | undefined };
  setSelected: (f: Field | undefined) => void;
}

/**
 * The page's keydown handler, in place while the page shows. A layout effect: the handler
 * that knows the new steps is in place in the same task that shows them, so a key pressed
 * right after an answer appears is never read by the handler from before it.
 */
export function usePageKeys(k: PageKeys): void {
  const { steps, setStep, setPlaying, playLine, setPlayLine, playKind, askHint, selectedNow, setSelected } = k;
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && (target as HTMLInputElement).type !== "range"))) return;
      if (playLine) {
        const move: Record<string, string> = { ArrowUp: "north", ArrowRight: "east", ArrowDown: "south", ArrowLeft: "west", w: "wait" };
        const edit: Record<string, () => void> = {
          u: () => setPlayLine((l) => l?.slice(0, -1)),
          Backspace: () => setPlayLine((l) => l?.slice(0, -1)),
          r: () => setPlayLine([]),
          h: () => void askHint(),
          Escape: () => setPlayLine(undefined),
        };
        if (playKind === "atoms") {
          if (e.shiftKey && PUSH_KEYS[e.key]) {
            // Shift and an arrow: the selection moves to the next field on the screen
            e.preventDefault();
            const board = document.getElementById("board");
            if (board) setSelected(fieldBeside(board, selectedNow.current, e.key));
            return;
          }
          const dir = PUSH_KEYS[e.key];
          const at = selectedNow.current;
          const atom = !at ? undefined : dir ? (k: number) => pushAtom(at, dir, k) : e.key === "Enter" ? (k: number) => walkAtom(at, k) : undefined;
          if (atom) {
            e.preventDefault();
            setPlayLine((l) => [...(l ?? []), atom((l?.length ?? 0) + 1)]);
            return;
          }
          if (PUSH_KEYS[e.key] || e.key === "w") return;
        }
        const word = move[e.key];
        const f = word ? () => setPlayLine((l) => [...(l ?? []), word]) : edit[e.key];
        if (f) {
          e.preventDefault();
          f();
        }
        return;
      }
      const go: Record<string, () => void> = {
        ArrowRight: () => setStep((k) => Math.min(steps, k + 1)),
        ArrowDown: () => setStep((k) => Math.min(steps, k + 1)),
        ArrowLeft: () => setStep((k) => Math.max(0, k - 1)),
        ArrowUp: () => setStep((k) => Math.max(0, k - 1)),
        Home: () => setStep(0),
        End: () => setStep(steps),
        " ": () => setPlaying((p) => !p),
      };
      const f = go[e.key];
      if (f) {
        e.preventDefault();
        f();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [steps, playLine, playKind]);
}
