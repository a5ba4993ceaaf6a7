/**
 * The header's export actions on the opened input: "Save file" (the input's files as they
 * stand, after any edit), the board's picture as SVG or PNG at the step shown, and "Copy
 * link" (the address, whose hash carries the input and the step: share.ts).
 */
import type { Input } from "./parts.js";

/** Saves a blob under a name (the browser's download). */
function save(blob: Blob, name: string) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** The board's picture (`svg`) as PNG under `name`, drawn from its SVG at its own size (800 x 600 where it has none). */
async function savePng(svg: string, name: string) {
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth || 800;
  canvas.height = image.naturalHeight || 600;
  canvas.getContext("2d")!.drawImage(image, 0, 0);
  URL.revokeObjectURL(image.src);
  canvas.toBlob((b) => b && save(b, name));
}

/** The export buttons: `svg` is the picture shown (empty: none yet), `step` its step (0-based, 0: the start), in the pictures' file names. */
export function ExportBar({ input, svg, step }: { input: Input; svg: string; step: number }) {
  return (
    <span class="export">
      <button id="export-file" onClick={() => [input, ...(input.more ?? [])].forEach((f) => save(new Blob([f.text], { type: "text/plain" }), f.name))}>
        Save file
      </button>
      <button id="export-svg" disabled={!svg} onClick={() => save(new Blob([svg], { type: "image/svg+xml" }), `${input.name}-step-${step}.svg`)}>
        SVG
      </button>
      <button id="export-png" disabled={!svg} onClick={() => void savePng(svg, `${input.name}-step-${step}.png`)}>
        PNG
      </button>
      <button id="copy-link" onClick={() => void navigator.clipboard?.writeText(location.href)}>
        Copy link
      </button>
    </span>
  );
}
