/**
 * labshow without a witness draws the solver's outcome: the pictures (text, SVG, HTML), the
 * exit code and the note on stderr are byte for byte those labshow drew when it ran its own
 * search and re-read the answer as facts text (recorded in test/fixtures/show-pictures.json
 * by that code: `UPDATE_SHOW_PICTURES=1 npx vitest run test/show/show-outcome.test.ts` records
 * them again). Bundled instances, the board game's example under each cost and with
 * `rotate.`, and two of the competition's (../shared, skipped when absent).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bin } from "../helpers/bin.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const FIXTURE = join(ROOT, "test", "fixtures", "show-pictures.json");
const SHARED = join(ROOT, "..", "shared", "instances", "aspcomp2013");
const UPDATE = process.env.UPDATE_SHOW_PICTURES === "1";

/** What one labshow run printed: a digest of stdout, its exit code and stderr. */
interface Drawn {
  stdout: string;
  code: number | null;
  stderr: string;
}

const dir = mkdtempSync(join(tmpdir(), "show-outcome-"));
const game = readFileSync(join(ROOT, "docs", "game-example.lp"), "utf8");
/** The board game's example under another cost, or with the spare turned (`rotate.`); fixed names (the HTML title shows them). */
function gameVariant(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

const bundled = ["example-4x4.lp", "example-no-walk-before-push.lp", "example-start-on-goal.lp", "random-5x5-a.asp", "random-6x6-a.asp", "random-6x6-b.asp", "random-7x7-a.asp", "random-7x7-b.asp", "random-8x8-a.asp", "random-8x8-b.asp", "random-9x9-a.asp"];
const cases: { key: string; file: string; formats: string[] }[] = [
  ...bundled.map((b) => ({ key: `instances/${b}`, file: join(ROOT, "instances", b), formats: b === "example-4x4.lp" || b === "random-9x9-a.asp" || b === "random-6x6-a.asp" ? ["text", "svg", "html"] : ["text"] })),
  { key: "docs/game-example.lp", file: join(ROOT, "docs", "game-example.lp"), formats: ["text", "svg", "html"] },
  { key: "game-steps.lp", file: gameVariant("game-steps.lp", game.replace("cost(moves).", "cost(steps).")), formats: ["text"] },
  { key: "game-pushes.lp", file: gameVariant("game-pushes.lp", game.replace("cost(moves).", "cost(pushes).")), formats: ["text"] },
  { key: "game-rotate.lp", file: gameVariant("game-rotate.lp", `${game}rotate.\n`), formats: ["text", "svg", "html"] },
];
const shared = ["0025-labyrinth-14-0.asp", "0060-labyrinth-13-0.asp"];

const recorded: Record<string, Drawn> = existsSync(FIXTURE) ? (JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, Drawn>) : {};
const seen: Record<string, Drawn> = {};

async function drawn(file: string, format: string): Promise<Drawn> {
  const r = await bin("labshow", [file, "--format", format]);
  return { stdout: createHash("sha256").update(r.out).digest("hex"), code: r.code, stderr: r.err };
}

describe("labshow without a witness draws the pictures it drew before, byte for byte", { timeout: 120_000 }, () => {
  for (const c of cases) {
    it(c.key, async () => {
      for (const format of c.formats) {
        const key = `${c.key} ${format}`;
        seen[key] = await drawn(c.file, format);
        if (!UPDATE) expect(seen[key], key).toEqual(recorded[key]);
      }
    });
  }
  for (const name of shared) {
    it.skipIf(!existsSync(join(SHARED, name)))(`../shared: ${name}`, async () => {
      for (const format of ["text", "svg"]) {
        const key = `${name} ${format}`;
        seen[key] = await drawn(join(SHARED, name), format);
        if (!UPDATE) expect(seen[key], key).toEqual(recorded[key]);
      }
    });
  }
  it.runIf(UPDATE)("records the pictures", () => {
    writeFileSync(FIXTURE, `${JSON.stringify(seen, null, 2)}\n`);
  });
});
