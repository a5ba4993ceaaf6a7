/**
 * Generate: labgen's generators in the page (the worker asks the registry for them and runs
 * the same generator code labgen runs): choose one, its size, horizon, style or algorithm,
 * options and seed; the instance made is opened (a planning problem with its domain). The
 * same seed gives the same instance `bin/labgen` prints.
 */
import { useEffect, useState } from "preact/hooks";
import type { Session } from "./session.js";
import type { GeneratorForm, InputFile } from "./solver-worker.js";

/** The panel; `onMade` opens the files made, `onError` shows a refusal. */
export function GeneratePanel({ session, onMade, onError }: { session: Session; onMade: (files: InputFile[], note?: string) => void; onError: (message: string) => void }) {
  const [forms, setForms] = useState<GeneratorForm[]>([]);
  const [name, setName] = useState("");
  const [rows, setRows] = useState("6");
  const [cols, setCols] = useState("6");
  const [maxSteps, setMaxSteps] = useState("3");
  const [seed, setSeed] = useState("1");
  const [style, setStyle] = useState("");
  const [algorithm, setAlgorithm] = useState("");
  const [options, setOptions] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void session.generators().then((f) => {
      setForms(f);
      setName((f.find((g) => g.default) ?? f[0])?.name ?? "");
    });
  }, [session]);
  const form = forms.find((f) => f.name === name);
  const number = (v: string): number | undefined => (v.trim() === "" ? undefined : Number(v));
  async function go() {
    if (!form) return;
    setBusy(true);
    try {
      const made = await session.generate(form.name, {
        rows: Number(rows),
        cols: Number(form.shape === "n" ? rows : cols),
        seed: Number(seed),
        ...(form.shape === "n" && number(maxSteps) !== undefined ? { maxSteps: number(maxSteps) } : {}),
        ...(form.styles.length > 0 && style ? { style } : {}),
        ...(form.shape === "streamed" ? { algorithm: algorithm || form.algorithms[0] } : {}),
        options: Object.fromEntries(form.numbers.map((o) => [o.name, number(options[o.name] ?? "")])),
      });
      onMade(made.files, made.note);
    } catch (e) {
      onError(e instanceof Error ? e.message.replace(/^Error: /, "") : String(e));
    } finally {
      setBusy(false);
    }
  }
  const field = (id: string, label: string, value: string, set: (v: string) => void, title?: string) => (
    <label title={title}>
      {label} <input id={id} type="text" inputMode="numeric" size={5} value={value} onInput={(e) => set((e.target as HTMLInputElement).value)} />
    </label>
  );
  return (
    <details id="generate">
      <summary>Generate</summary>
      <div class="controls">
        <label>
          rule set{" "}
          <select id="gen-rules" value={name} onChange={(e) => setName((e.target as HTMLSelectElement).value)}>
            {forms.map((f) => (
              <option value={f.name}>{f.name}</option>
            ))}
          </select>
        </label>
        {form?.shape === "n" ? field("gen-n", "N", rows, setRows) : null}
        {form?.shape === "n" ? field("gen-max-steps", "max steps", maxSteps, setMaxSteps, "the horizon, where the rule set has one (empty: none)") : null}
        {form && form.shape !== "n" ? field("gen-rows", "rows", rows, setRows) : null}
        {form && form.shape !== "n" ? field("gen-cols", "columns", cols, setCols) : null}
        {form && form.styles.length > 0 ? (
          <label>
            style{" "}
            <select id="gen-style" value={style} onChange={(e) => setStyle((e.target as HTMLSelectElement).value)}>
              <option value="">(default)</option>
              {form.styles.map((s) => (
                <option value={s}>{s}</option>
              ))}
            </select>
          </label>
        ) : null}
        {form?.shape === "streamed" ? (
          <label>
            algorithm{" "}
            <select id="gen-algorithm" value={algorithm || form.algorithms[0]} onChange={(e) => setAlgorithm((e.target as HTMLSelectElement).value)}>
              {form.algorithms.map((a) => (
                <option value={a}>{a}</option>
              ))}
            </select>
          </label>
        ) : null}
        {form?.numbers.map((o) => field(`gen-opt-${o.name}`, o.name, options[o.name] ?? "", (v) => setOptions((x) => ({ ...x, [o.name]: v })), o.help))}
        {field("gen-seed", "seed", seed, setSeed)}
        <button id="gen-go" disabled={!form || busy} onClick={() => void go()}>
          {busy ? "generating..." : "Generate and open"}
        </button>
      </div>
    </details>
  );
}
