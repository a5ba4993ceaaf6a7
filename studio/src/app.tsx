/**
 * The studio's one screen: open, see, solve, step, play (with the Minotaur's hint), edit a
 * maze, compare two searches. The rule set, the answer, its status words, the verdicts and
 * the pictures all come from the worker (the library); this only shows them.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { InputFile, Interim, Solved } from "./solver-worker.js";
import { Session } from "./session.js";
import { readShared, shareHash } from "./share.js";
import { Compare } from "./compare.js";
import { BoardEditor } from "./board-editor.js";
import { GeneratePanel } from "./generate-panel.js";
import type { EditableBoard } from "../../src/core/plugin.js";
import { EditPanel, ErrorBox, messageOf, statusText, type Input } from "./parts.js";
import { fieldAt, fieldBeside, PUSH_KEYS, pushAtom, selectionStyle, walkAtom, type Field } from "./push-play.js";

/** The studio. */
export function App() {
  const session = useRef<Session | undefined>(undefined);
  session.current ??= new Session();
  const [input, setInput] = useState<Input>();
  const [rules, setRules] = useState<string>();
  /** solves finished since the page opened (the status carries it: a benchmark's repeated solves wait on it) */
  const [solves, setSolves] = useState(0);
  /** what the running solve has found so far (kept on Stop), and when it started */
  const interim = useRef<Interim | undefined>(undefined);
  const solveStarted = useRef(0);
  // what the registry says the studio may do with the opened input: the marks to edit (none: no editor), the hint
  const [can, setCan] = useState<{ marks: string[]; hints: boolean; board: boolean }>({ marks: [], hints: false, board: false });
  // the push board being edited (read by the rule set's board part in the worker)
  const [board, setBoard] = useState<EditableBoard | undefined>(undefined);
  const [error, setError] = useState<string>();
  const [pasted, setPasted] = useState("");
  const [solving, setSolving] = useState(false);
  const [progress, setProgress] = useState("");
  const [solved, setSolved] = useState<Solved>();
  const [step, setStep] = useState(0);
  const [svg, setSvg] = useState("");
  /** What the board's picture shows ("step K", "play N"), as its data-shows: the picture arrives from the worker after the step label. */
  const [shows, setShows] = useState("");
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(4);
  const [zoom, setZoom] = useState(false);
  const [dragging, setDragging] = useState(false);
  // play by hand (answers that are moves): the line, and the referee's word on it
  const [playLine, setPlayLine] = useState<string[] | undefined>(undefined);
  const [played, setPlayed] = useState<string>("");
  // play a push labyrinth: the field clicked last, whose line an arrow pushes (or where Enter walks)
  const [selected, setSelectedState] = useState<Field | undefined>(undefined);
  // the keys read the selection at once (a key pressed right after a click comes before the next render)
  const selectedNow = useRef<Field | undefined>(undefined);
  const setSelected = (f: Field | undefined) => {
    selectedNow.current = f;
    setSelectedState(f);
  };
  // the Minotaur's hint for the line as it stands (cleared when the line changes)
  const [hint, setHint] = useState("");
  // Edit (mazes): the grid of walls to click and S and E to drag; each edit opens the new text
  const [editing, setEditing] = useState(false);
  const playNow = useRef<string[] | undefined>(undefined);
  playNow.current = playLine;
  const playKind: "moves" | "atoms" = solved?.kind === "atoms" ? "atoms" : "moves";
  const steps = solved ? solved.witness.length - solved.start : 0;

  /** Opens an input; true when the worker read it. */
  async function open(text: string, name: string, more: InputFile[] = []): Promise<boolean> {
    setInput({ text, name, more });
    setSolved(undefined);
    setError(undefined);
    setRules(undefined);
    setSvg("");
    setShows("");
    setStep(0);
    setPlaying(false);
    setProgress("");
    setPlayLine(undefined);
    setPlayed("");
    setSelected(undefined);
    setBoard(undefined);
    try {
      const opened = await session.current!.open(text, name, more);
      setRules(opened.rules);
      setCan({ marks: opened.marks, hints: opened.hints, board: opened.board });
      setBoard(opened.board ? await session.current!.board() : undefined);
      history.replaceState(null, "", shareHash(text, name, 0, more));
      const p = await session.current!.picture(0);
      setSvg(p.svg);
      setShows("step 0");
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  }

  /** Saves a blob under a name (the browser's download). */
  function save(blob: Blob, name: string) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  /** The board's picture as PNG, drawn from its SVG at its own size. */
  async function savePng() {
    const image = new Image();
    image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth || 800;
    canvas.height = image.naturalHeight || 600;
    canvas.getContext("2d")!.drawImage(image, 0, 0);
    URL.revokeObjectURL(image.src);
    canvas.toBlob((b) => b && save(b, `${input?.name ?? "board"}-step-${step}.png`));
  }

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

  // the picture of the current step
  useEffect(() => {
    if (!input || !rules || playLine) return;
    let live = true;
    session.current!
      .picture(step)
      .then((p) => {
        if (!live) return;
        setSvg(p.svg);
        setShows(`step ${step}`);
      })
      .catch((e: unknown) => live && setError(messageOf(e)));
    if (solved) history.replaceState(null, "", shareHash(input.text, input.name, step, input.more));
    return () => {
      live = false;
    };
  }, [step, solved, rules, playLine]);

  /** Asks the worker for the next move of an optimal solution from where the played line stands. */
  async function askHint() {
    const line = playNow.current;
    if (!line) return;
    setHint("thinking...");
    try {
      const h = await session.current!.hint(line);
      if (playNow.current !== line) return;
      setHint(h.move ? `hint: ${h.move}${h.fewest !== undefined ? ` (the fewest from here is ${h.fewest})` : ""}` : `no hint: ${h.note ?? ""}`);
    } catch (e) {
      setError(messageOf(e));
    }
  }

  // a played line: judged and drawn in the worker
  useEffect(() => {
    setHint("");
    if (!playLine) return;
    let live = true;
    session.current!
      .play(playLine, playKind)
      .then((p) => {
        if (!live) return;
        if (p.svg) {
          setSvg(p.svg);
          setShows(`play ${playLine.length}`);
        }
        const fewest = solved?.fewest;
        const hint = playKind === "atoms" ? "your move: click a field (or Shift and the arrows), then an arrow pushes its line, Enter walks there; u to undo, r to restart" : `your move: arrows, w to wait, u to undo, r to restart${can.hints ? ", h for a hint" : ""}`;
        setPlayed(p.valid ? `solved in ${p.cost ?? playLine.length}${fewest !== null && fewest !== undefined ? `, the fewest is ${fewest}` : ""}` : playLine.length === 0 ? hint : `${playLine.length} moves; ${p.message ?? ""}`);
      })
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [playLine]);

  // play: one step every 1/speed seconds, to the last
  useEffect(() => {
    if (!playing) return;
    if (step >= steps) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setStep((k) => Math.min(steps, k + 1)), 1000 / speed);
    return () => clearTimeout(t);
  }, [playing, step, steps, speed]);

  // the keys, on the whole page: the arrows step and never scroll. A layout effect: the
  // handler that knows the new steps is in place in the same task that shows them, so a
  // key pressed right after an answer appears is never read by the handler from before it
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

  // an input in the link (shared), or the file `labshow studio FILE` serves; again when
  // the address bar's hash changes to another link (the page itself only replaces it)
  useEffect(() => {
    const load = () => {
      const shared = readShared(location.hash);
      if (shared?.kind === "level") {
        // a link at a step: solved and shown at that step
        void open(shared.text, shared.name, shared.more).then((ok) => (ok && shared.step > 0 ? solve(shared.step) : undefined));
      } else if (shared?.kind === "served") {
        fetch(`input/${encodeURIComponent(shared.name)}`)
          .then((r) => r.text())
          .then((t) => open(t, shared.name))
          .catch((e: unknown) => setError(messageOf(e)));
      }
    };
    load();
    window.addEventListener("hashchange", load);
    return () => window.removeEventListener("hashchange", load);
  }, []);

  /** Opens the files picked or dropped: one input, or a planning task's domain and problem (two files). */
  async function openFiles(files: FileList | null) {
    const all = await Promise.all([...(files ?? [])].map(async (f) => ({ text: await f.text(), name: f.name })));
    if (all[0]) await open(all[0].text, all[0].name, all.slice(1));
  }

  const action = !solved ? "" : step > 0 ? solved.witness[step - 1 + solved.start] : solved.start ? `start ${solved.witness[0]}` : "start";
  return (
    <div
      class={dragging ? "drop" : ""}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        void openFiles(e.dataTransfer?.files ?? null);
      }}
    >
      <header>
        <h1>labyrinth studio</h1>
        <label>
          Open file <input id="file" type="file" multiple onChange={(e) => void openFiles((e.target as HTMLInputElement).files)} />
        </label>
        <span id="rules">{rules ? `rules: ${rules}` : input ? "" : "drop, pick or paste an input labsolve reads"}</span>
        {input ? <span id="name">{input.name}</span> : null}
        {input ? (
          <span class="export">
            <button id="export-file" onClick={() => [input, ...(input.more ?? [])].forEach((f) => save(new Blob([f.text], { type: "text/plain" }), f.name))}>
              Save file
            </button>
            <button id="export-svg" disabled={!svg} onClick={() => save(new Blob([svg], { type: "image/svg+xml" }), `${input.name}-step-${step}.svg`)}>
              SVG
            </button>
            <button id="export-png" disabled={!svg} onClick={() => void savePng()}>
              PNG
            </button>
            <button id="copy-link" onClick={() => void navigator.clipboard?.writeText(location.href)}>
              Copy link
            </button>
          </span>
        ) : null}
      </header>
      <main>
        <details open={!input}>
          <summary>Paste</summary>
          <textarea id="paste" aria-label="input text" value={pasted} onInput={(e) => setPasted((e.target as HTMLTextAreaElement).value)} />
          <button id="open-pasted" onClick={() => void open(pasted, "<pasted>")}>
            Open
          </button>
        </details>
        <GeneratePanel
          session={session.current!}
          onMade={(files, note) => void open(files[0].text, files[0].name, files.slice(1)).then(() => note && setProgress(note.trim()))}
          onError={(m) => setError(m)}
        />
        {error ? <ErrorBox message={error} input={input} /> : null}
        <div class="controls">
          <button id="solve" disabled={!rules || solving} onClick={() => void solve(0)}>
            Solve
          </button>
          <button id="stop" disabled={!solving} onClick={() => void stop()}>
            Stop
          </button>
          <span class="progress" id="progress">
            {solving ? progress || "searching..." : progress}
          </span>
        </div>
        {solved && (solved.kind === "moves" || solved.kind === "atoms") ? (
          <div class="controls">
            <button
              id="play-mode"
              onClick={(e) => {
                (e.target as HTMLButtonElement).blur();
                setPlayLine((l) => (l ? undefined : []));
                setPlayed("");
                if (playLine) setStep((k) => k);
              }}
            >
              {playLine ? "Stop playing" : "Play it yourself"}
            </button>
            {playLine && playKind === "atoms" ? (
              <span class="push-controls">
                {(["n", "e", "s", "w"] as const).map((d) => (
                  <button id={`push-${d}`} disabled={!selected} title={`push the selected field's ${d === "e" || d === "w" ? "row" : "column"}`} onClick={() => selected && setPlayLine((l) => [...(l ?? []), pushAtom(selected, d, (l?.length ?? 0) + 1)])}>
                    {{ n: "\u2191", e: "\u2192", s: "\u2193", w: "\u2190" }[d]}
                  </button>
                ))}
                <button id="walk" disabled={!selected} title="walk to the selected field (Enter)" onClick={() => selected && setPlayLine((l) => [...(l ?? []), walkAtom(selected, (l?.length ?? 0) + 1)])}>
                  walk here
                </button>
                <span id="selected">{selected ? `field (${selected.row},${selected.col})` : ""}</span>
              </span>
            ) : null}
            {playLine && playKind === "moves" && can.hints ? (
              <button id="hint" title="the next move of an optimal solution from here (h)" onClick={() => void askHint()}>
                Hint
              </button>
            ) : null}
            {playLine ? <span id="hint-text" class="step">{hint}</span> : null}
            <span id="played" class="step">
              {playLine ? played : ""}
            </span>
          </div>
        ) : null}
        {solved ? (
          <div class="status" id="status" data-seconds={String(solved.seconds)} data-solves={String(solves)}>
            {statusText(solved)}
          </div>
        ) : null}
        <div class="controls" role="toolbar" aria-label="steps">
          <button id="first" disabled={!solved || step === 0} onClick={() => setStep(0)} title="first (Home)">
            |&lt;
          </button>
          <button id="back" disabled={!solved || step === 0} onClick={() => setStep((k) => Math.max(0, k - 1))} title="back (left arrow)">
            &lt;
          </button>
          <button id="play" disabled={!solved || steps === 0} onClick={() => setPlaying((p) => !p)} title="play (space)">
            {playing ? "Pause" : "Play"}
          </button>
          <button id="forward" disabled={!solved || step >= steps} onClick={() => setStep((k) => Math.min(steps, k + 1))} title="forward (right arrow)">
            &gt;
          </button>
          <button id="last" disabled={!solved || step >= steps} onClick={() => setStep(steps)} title="last (End)">
            &gt;|
          </button>
          <label>
            speed <input id="speed" type="range" min="1" max="20" value={speed} onInput={(e) => setSpeed(Number((e.target as HTMLInputElement).value))} /> {speed}/s
          </label>
          <label>
            <input id="zoom" type="checkbox" checked={zoom} onChange={() => setZoom((z) => !z)} /> full size
          </label>
          <span class="step" id="step">
            {solved ? `step ${step} of ${steps}: ${action}` : ""}
          </span>
        </div>
        {rules && (can.marks.length > 0 || board) && input ? (
          <div class="controls">
            <button id="edit" aria-pressed={editing} onClick={() => setEditing((x) => !x)}>
              {editing ? "Done editing" : "Edit"}
            </button>
            {editing && board ? (
              <span>
                click a tile's tab to open or close that side of it{board.spare !== undefined ? " (the spare tile's too, beside the board)" : ""}; drag S (the start){board.fixedGoal ? "" : " or G (the goal)"} to another field
                {board.fixedGoal ? " (the rule set fixes the goal)" : board.exit ? "; click the exit's band on G's field to turn it" : ""}; then Solve
              </span>
            ) : null}
            {editing && !board ? <span>click a wall to remove it or put it back (on the border: an opening); drag {can.marks.join(" or ")} to another cell; then Solve</span> : null}
          </div>
        ) : null}
        {editing && board && input ? <BoardEditor board={board} onEdit={(b) => void session.current!.writeBoard(b).then((f) => open(f[0].text, f[0].name, f.slice(1)))} /> : null}
        {editing && rules && can.marks.length > 0 && input ? <EditPanel input={input} marks={can.marks} onEdit={(t) => void open(t, input.name)} /> : null}
        {rules && input ? <Compare session={session.current!} opened={`${input.name}\n${input.text}`} /> : null}
        <style>{selectionStyle(playLine && playKind === "atoms" ? selected : undefined)}</style>
        <div
          class={zoom ? "board zoomed" : "board"}
          id="board"
          data-shows={shows}
          onClick={(e) => {
            if (!playLine || playKind !== "atoms") return;
            const f = fieldAt(e.currentTarget as Element, e.clientX, e.clientY);
            if (f) setSelected(f);
          }}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </main>
    </div>
  );
}


