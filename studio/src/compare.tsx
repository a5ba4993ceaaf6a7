/**
 * Compare: two searches side by side on the same maze, stepped by one control. Each side is
 * the search page `labshow --format html --algorithm NAME` writes (the library's drawing
 * part, drawn in the worker), in a frame of its own; the one control moves both pages'
 * own sliders to the same step, and beside each the cells its page shows as visited (the
 * cells taken, and the path through them at the end) and as the frontier are counted.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Session } from "./session.js";

/** What one side's page shows at the current step. */
interface Shown {
  step: number;
  last: number;
  visited: number;
  frontier: number;
  status: string;
}

/** Moves a search page to step `k` (its slider, as a person drags it) and reads what it shows. */
function showStep(frame: HTMLIFrameElement | null, k: number): Shown | undefined {
  const doc = frame?.contentDocument;
  const slider = doc?.getElementById("slider") as HTMLInputElement | null | undefined;
  if (!doc || !slider) return undefined;
  const last = Number(slider.max);
  slider.value = String(Math.min(k, last));
  slider.dispatchEvent(new Event("input"));
  let visited = 0;
  let frontier = 0;
  for (const cell of doc.querySelectorAll(".cell")) {
    const state = cell.getAttribute("data-state");
    if (state === "frontier") frontier++;
    else if (state) visited++;
  }
  return { step: Number(doc.getElementById("step")?.textContent ?? "0"), last, visited, frontier, status: doc.getElementById("status")?.textContent ?? "" };
}

/** The Compare panel for the opened input; nothing when its rule set animates no search. */
export function Compare({ session, opened }: { session: Session; opened: string }) {
  const [choices, setChoices] = useState<string[]>([]);
  const [names, setNames] = useState<[string, string]>(["bfs", "dfs"]);
  const [pages, setPages] = useState<[string, string] | undefined>(undefined);
  const [loaded, setLoaded] = useState(0);
  const [step, setStep] = useState(0);
  const [shown, setShown] = useState<(Shown | undefined)[]>([undefined, undefined]);
  const [error, setError] = useState("");
  const frames = [useRef<HTMLIFrameElement>(null), useRef<HTMLIFrameElement>(null)];

  useEffect(() => {
    setPages(undefined);
    setChoices([]);
    void session.searches().then((c) => {
      setChoices(c);
      if (c.length > 1) setNames([c.includes("bfs") ? "bfs" : c[0], c.includes("dfs") ? "dfs" : c[1]]);
    });
  }, [opened]);

  // both pages at the one step, once both have loaded
  useEffect(() => {
    if (!pages || loaded < 2) return;
    setShown(frames.map((f) => showStep(f.current, step)));
  }, [step, loaded, pages]);

  if (choices.length === 0) return null;
  const last = Math.max(0, ...shown.map((s) => s?.last ?? 0));

  async function compare() {
    setError("");
    setLoaded(0);
    setStep(0);
    try {
      setPages([await session.searchPage(names[0]), await session.searchPage(names[1])]);
    } catch (e) {
      setError(e instanceof Error ? e.message.replace(/^Error: /, "") : String(e));
    }
  }

  return (
    <details class="compare">
      <summary>Compare two searches</summary>
      <div class="controls">
        {[0, 1].map((side) => (
          <select
            id={`compare-${side ? "b" : "a"}`}
            aria-label={`search ${side + 1}`}
            value={names[side]}
            onChange={(e) => {
              const v = (e.target as HTMLSelectElement).value;
              setNames((n) => (side ? [n[0], v] : [v, n[1]]));
            }}
          >
            {choices.map((c) => (
              <option value={c}>{c}</option>
            ))}
          </select>
        ))}
        <button id="compare" onClick={() => void compare()}>
          Compare
        </button>
        {pages ? (
          <span role="toolbar" aria-label="both searches' steps" class="controls">
            <button id="compare-first" onClick={() => setStep(0)}>|&lt;</button>
            <button id="compare-back" onClick={() => setStep((k) => Math.max(0, k - 1))}>&lt;</button>
            <button id="compare-next" onClick={() => setStep((k) => Math.min(last, k + 1))}>&gt;</button>
            <button id="compare-last" onClick={() => setStep(last)}>&gt;|</button>
            <input id="compare-slider" type="range" min="0" max={last} value={step} onInput={(e) => setStep(Number((e.target as HTMLInputElement).value))} />
            <span id="compare-step" class="step">{loaded >= 2 ? `step ${step} of ${last}` : "loading..."}</span>
          </span>
        ) : null}
      </div>
      {error ? <div class="error">{error}</div> : null}
      {pages ? (
        <div class="compare-sides">
          {[0, 1].map((side) => {
            const s = shown[side];
            return (
              <div class="compare-side">
                <div class="step" id={`compare-count-${side ? "b" : "a"}`}>
                  {s ? `${names[side]}: step ${s.step} of ${s.last}, visited ${s.visited}, frontier ${s.frontier}; ${s.status}` : names[side]}
                </div>
                <iframe ref={frames[side]} title={`${names[side]} search`} srcdoc={pages[side]} onLoad={() => setLoaded((n) => n + 1)} />
              </div>
            );
          })}
        </div>
      ) : null}
    </details>
  );
}
