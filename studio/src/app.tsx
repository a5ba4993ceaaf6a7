/**
 * The studio's one screen: open, see, solve, step, play (with the Minotaur's hint), edit a
 * maze, compare two searches. The rule set, the answer, its status words, the verdicts and
 * the pictures all come from the worker (the library); this only shows them. Its parts:
 * use-solve.ts (Solve and Stop), page-keys.ts (the keys), export-bar.tsx, play-bar.tsx,
 * step-bar.tsx, and the panels of generate-panel.tsx, parts.tsx, board-editor.tsx, compare.tsx.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { InputFile } from "./solver-worker.js";
import { Session } from "./session.js";
import { readShared, shareHash } from "./share.js";
import { Compare } from "./compare.js";
import { BoardEditor } from "./board-editor.js";
import { GeneratePanel } from "./generate-panel.js";
import type { EditableBoard } from "../../src/core/plugin.js";
import { EditPanel, ErrorBox, messageOf, statusText, type Input } from "./parts.js";
import { fieldAt, selectionStyle, type Field } from "./push-play.js";
import { ExportBar } from "./export-bar.js";
import { PlayBar } from "./play-bar.js";
import { StepBar } from "./step-bar.js";
import { usePageKeys } from "./page-keys.js";
import { useSolve } from "./use-solve.js";

/** The studio. */
export function App() {
  const session = useRef<Session | undefined>(undefined);
  session.current ??= new Session();
  const [input, setInput] = useState<Input>();
  const [rules, setRules] = useState<string>();
  // what the registry says the studio may do with the opened input: the marks to edit (none: no editor), the hint
  const [can, setCan] = useState<{ marks: string[]; hints: boolean; board: boolean }>({ marks: [], hints: false, board: false });
  // the push board being edited (read by the rule set's board part in the worker)
  const [board, setBoard] = useState<EditableBoard | undefined>(undefined);
  const [error, setError] = useState<string>();
  const [pasted, setPasted] = useState("");
  const [step, setStep] = useState(0);
  // the answer, and Solve and Stop (the status's data-solves counts the answers since the page opened)
  const { solves, solving, progress, setProgress, solved, setSolved, solve, stop } = useSolve(session, setStep, setError);
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

  // the keys, on the whole page (page-keys.ts)
  usePageKeys({ steps, setStep, setPlaying, playLine, setPlayLine, playKind, askHint, selectedNow, setSelected });

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
        {input ? <ExportBar input={input} svg={svg} step={step} /> : null}
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
          <PlayBar playLine={playLine} setPlayLine={setPlayLine} playKind={playKind} selected={selected} hints={can.hints} askHint={askHint} hint={hint} played={played} setPlayed={setPlayed} setStep={setStep} />
        ) : null}
        {solved ? (
          <div class="status" id="status" data-seconds={String(solved.seconds)} data-solves={String(solves)}>
            {statusText(solved)}
          </div>
        ) : null}
        <StepBar solved={solved} step={step} steps={steps} setStep={setStep} playing={playing} setPlaying={setPlaying} speed={speed} setSpeed={setSpeed} zoom={zoom} setZoom={setZoom} />
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


