/**
 * The solve and Stop state of the studio: Solve runs the opened input's search in the
 * worker (its progress line shown as it comes), Stop terminates it and keeps the best answer
 * found so far, as labsolve prints it on SIGINT; the answer and the count of answers since
 * the page opened (the status's data-solves: a benchmark's repeated solves wait on it).
 */
import { useRef, useState, type Dispatch, type StateUpdater } from "preact/hooks";
import type { Interim, Solved } from "./solver-worker.js";
import type { Session } from "./session.js";
import { messageOf } from "./parts.js";

/**
 * The solve state on a session. `setStep` gets the step to show once an answer arrives;
 * `setError` a failed solve's message (undefined clears it when a solve starts).
 */
export function useSolve(session: { current: Session | undefined }, setStep: Dispatch<StateUpdater<number>>, setError: (m: string | undefined) => void) {
  /** solves finished since the page opened */
  const [solves, setSolves] = useState(0);
  /** what the running solve has found so far (kept on Stop), and when it started */
  const interim = useRef<Interim | undefined>(undefined);
  const solveStarted = useRef(0);
  const [solving, setSolving] = useState(false);
  const [progress, setProgress] = useState("");
  const [solved, setSolved] = useState<Solved>();

  /** Solves the opened input and shows step `at` (0-based, clamped to the answer's steps). */
  async function solve(at = 0) {
    if (!session.current || solving) return;
    setSolving(true);
    setError(undefined);
    setProgress("");
    interim.current = undefined;
    solveStarted.current = performance.now();
    try {
      const s = await session.current!.solve(
        (line) => setProgress(line),
        (so) => (interim.current = so),
      );
      setSolved(s);
      setSolves((n) => n + 1);
      setStep(Math.max(0, Math.min(at, s.witness.length - s.start)));
    } catch (e) {
      const m = messageOf(e);
      if (!/terminated|stopped/.test(m)) setError(m);
    } finally {
      setSolving(false);
    }
  }

  /** Stop: the worker is terminated; the best answer found so far is kept, as labsolve prints it on SIGINT. */
  async function stop() {
    const so = interim.current;
    interim.current = undefined;
    const kept = await session.current!.stop(so, (performance.now() - solveStarted.current) / 1000);
    setSolving(false);
    setProgress((p) => `${p}${p ? "  " : ""}stopped`);
    if (kept) {
      setSolved(kept);
      setSolves((n) => n + 1);
      setStep(0);
    }
  }

  return { solves, solving, progress, setProgress, solved, setSolved, solve, stop };
}
