/**
 * The controls of playing an answer by hand (answers that are moves or a push labyrinth's
 * atoms): "Play it yourself" / "Stop playing", for atoms the push arrows and "walk here" on
 * the selected field, the Minotaur's Hint where the registry offers one, the hint's text and
 * the referee's word on the line played.
 */
import type { Dispatch, StateUpdater } from "preact/hooks";
import { pushAtom, walkAtom, type Field } from "./push-play.js";

/** The play controls: `playLine` is the line played (undefined: not playing), `played` the referee's word on it. */
export function PlayBar(p: {
  playLine: string[] | undefined;
  setPlayLine: Dispatch<StateUpdater<string[] | undefined>>;
  playKind: "moves" | "atoms";
  selected: Field | undefined;
  hints: boolean;
  askHint: () => Promise<void>;
  hint: string;
  played: string;
  setPlayed: (s: string) => void;
  setStep: Dispatch<StateUpdater<number>>;
}) {
  const { playLine, setPlayLine, playKind, selected } = p;
  return (
    <div class="controls">
      <button
        id="play-mode"
        onClick={(e) => {
          (e.target as HTMLButtonElement).blur();
          setPlayLine((l) => (l ? undefined : []));
          p.setPlayed("");
          if (playLine) p.setStep((k) => k);
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
      {playLine && playKind === "moves" && p.hints ? (
        <button id="hint" title="the next move of an optimal solution from here (h)" onClick={() => void p.askHint()}>
          Hint
        </button>
      ) : null}
      {playLine ? <span id="hint-text" class="step">{p.hint}</span> : null}
      <span id="played" class="step">
        {playLine ? p.played : ""}
      </span>
    </div>
  );
}
