/**
 * The steps toolbar under the answer: first, back, play/pause, forward, last, the speed of
 * play, "full size", and the step shown with its action (the answer's witness word).
 */
import type { Dispatch, StateUpdater } from "preact/hooks";
import type { Solved } from "./solver-worker.js";

/** The toolbar: `step` is the step shown (0: the start) of `steps` (the witness's words after its start). */
export function StepBar(p: {
  solved: Solved | undefined;
  step: number;
  steps: number;
  setStep: Dispatch<StateUpdater<number>>;
  playing: boolean;
  setPlaying: Dispatch<StateUpdater<boolean>>;
  speed: number;
  setSpeed: (s: number) => void;
  zoom: boolean;
  setZoom: Dispatch<StateUpdater<boolean>>;
}) {
  const { solved, step, steps, setStep } = p;
  const action = !solved ? "" : step > 0 ? solved.witness[step - 1 + solved.start] : solved.start ? `start ${solved.witness[0]}` : "start";
  return (
    <div class="controls" role="toolbar" aria-label="steps">
      <button id="first" disabled={!solved || step === 0} onClick={() => setStep(0)} title="first (Home)">
        |&lt;
      </button>
      <button id="back" disabled={!solved || step === 0} onClick={() => setStep((k) => Math.max(0, k - 1))} title="back (left arrow)">
        &lt;
      </button>
      <button id="play" disabled={!solved || steps === 0} onClick={() => p.setPlaying((x) => !x)} title="play (space)">
        {p.playing ? "Pause" : "Play"}
      </button>
      <button id="forward" disabled={!solved || step >= steps} onClick={() => setStep((k) => Math.min(steps, k + 1))} title="forward (right arrow)">
        &gt;
      </button>
      <button id="last" disabled={!solved || step >= steps} onClick={() => setStep(steps)} title="last (End)">
        &gt;|
      </button>
      <label>
        speed <input id="speed" type="range" min="1" max="20" value={p.speed} onInput={(e) => p.setSpeed(Number((e.target as HTMLInputElement).value))} /> {p.speed}/s
      </label>
      <label>
        <input id="zoom" type="checkbox" checked={p.zoom} onChange={() => p.setZoom((z) => !z)} /> full size
      </label>
      <span class="step" id="step">
        {solved ? `step ${step} of ${steps}: ${action}` : ""}
      </span>
    </div>
  );
}
