/**
 * Edit in the studio, in headless Chromium: one wall of a maze removed by a click (the
 * wall chosen by the test's own plain breadth-first search on the text, one whose removal
 * shortens the way), S dragged to another cell; after each edit the page solves again and
 * its optimum is the one labsolve finds in Node for the file the page exports ("Save
 * file", the browser's download), and the one the test's own search finds on the maze it
 * edited itself. A Minotaur level: one wall removed by a click (one whose removal changes
 * the optimum) and M dragged; the page's optimum is labsolve's on the exported level.
 * A push board (competition facts): one tile's opening toggled by a click (one that changes
 * the optimum: the test adds or removes the connect/3 fact itself) and S dragged; the page's
 * optimum is labsolve's on the exported facts. The board game's example: a tile's opening toggled
 * the same way, then the spare tile's opening and the exit's side by the keyboard; the page's
 * optimum is labsolve's on the exported facts each time. Skips without a chromium.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { readInstance, solve } from "../src/library.js";
import { CHROMIUM, sayWhyBrowserTestsSkip } from "./helpers/browser.js";
import { downloadingPage, exported, labsolve, type NodeOutcome, ROOT, studioBrowser, studioLink, textOf, waitForText } from "./helpers/studio.js";

type Browser = import("puppeteer-core").Browser;
type Page = import("puppeteer-core").Page;

sayWhyBrowserTestsSkip("studio-edit.test.ts");

/** The text's grid of characters: cell (r, c) (0-based) at line 2r+1, column 2c+1; the wall between two cells at the character between them. */
function grid(text: string): string[][] {
  return text.split("\n").filter((l) => l !== "").map((l) => [...l]);
}

/** Fewest moves from S to E by the test's own breadth-first search on the characters (-1: none). */
function fewestOnText(text: string): number {
  const g = grid(text);
  const rows = (g.length - 1) / 2;
  const cols = (g[0].length - 1) / 2;
  let start = [-1, -1];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (g[2 * r + 1][2 * c + 1] === "S") start = [r, c];
  const seen = new Set([`${start[0]},${start[1]}`]);
  let layer = [start];
  for (let d = 0; layer.length > 0; d++) {
    const next: number[][] = [];
    for (const [r, c] of layer) {
      if (g[2 * r + 1][2 * c + 1] === "E") return d;
      for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]]) {
        const [r2, c2] = [r + dr, c + dc];
        if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols || (g[2 * r + 1 + dr][2 * c + 1 + dc] ?? " ") !== " " || seen.has(`${r2},${c2}`)) continue;
        seen.add(`${r2},${c2}`);
        next.push([r2, c2]);
      }
    }
    layer = next;
  }
  return -1;
}

/** The inner wall (1-based cell and side e or s) whose removal shortens the way most, and the text without it. */
function bestWallToRemove(text: string): { row: number; col: number; side: "e" | "s"; text: string; fewest: number } {
  const g = grid(text);
  const rows = (g.length - 1) / 2;
  const cols = (g[0].length - 1) / 2;
  let best: { row: number; col: number; side: "e" | "s"; text: string; fewest: number } | undefined;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      for (const [side, y, x] of [["e", 2 * r + 1, 2 * c + 2], ["s", 2 * r + 2, 2 * c + 1]] as const) {
        if (side === "e" ? c === cols - 1 : r === rows - 1) continue;
        if (g[y][x] === " ") continue;
        const edited = g.map((l) => [...l]);
        edited[y][x] = " ";
        const t = `${edited.map((l) => l.join("")).join("\n")}\n`;
        const f = fewestOnText(t);
        if (!best || f < best.fewest) best = { row: r + 1, col: c + 1, side, text: t, fewest: f };
      }
  return best!;
}

/** The page's "Save file" (`name`), copied to `copy` beside the download folder, and labsolve's outcome on the copy. */
async function exportedAndSolved(page: Page, downloads: string, name: string, copy: string): Promise<{ text: string; node: NodeOutcome }> {
  const text = await exported(page, downloads, name);
  const path = join(dirname(downloads), copy);
  writeFileSync(path, text);
  return { text, node: labsolve(path) };
}

/** The centre of the element `selector` names, scrolled into view first (where the mouse clicks it). */
function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  return page.$eval(selector, (e) => {
    e.scrollIntoView({ block: "center" });
    const b = e.getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  });
}

/** The mouse drags from `at` by (dx, dy) pixels: half way, then all the way, 3 steps each. */
async function drag(page: Page, at: { x: number; y: number }, dx: number, dy: number): Promise<void> {
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + dx / 2, at.y + dy / 2, { steps: 3 });
  await page.mouse.move(at.x + dx, at.y + dy, { steps: 3 });
  await page.mouse.up();
}

/** Opens `file`'s studio link, waits for `rules: RULES`, solves, then opens the editor (`editor`: its selector); the page's optimum before any edit. */
async function solvedThenEditing(page: Page, out: string, file: string, rules: string, editor: string): Promise<number> {
  await page.goto(studioLink(out, file), { waitUntil: "load" });
  await waitForText(page, "#rules", `rules: ${rules}`);
  const cost = await solvedCost(page);
  await page.click("#edit");
  await page.waitForSelector(editor);
  return cost;
}

/** After an edit: waits until the page has dropped the old answer (it opens the edited input), solves again and reads the cost. */
async function solvedAfterEdit(page: Page): Promise<number> {
  await page.waitForFunction(() => document.querySelector("#status") === null);
  return solvedCost(page);
}

/** A tab of a 4 x 4 push board, named as the editor names it (ROW,COL,SIDE), the connect/3 atom it toggles, and the facts with the toggle. */
interface Toggle {
  named: string;
  atom: string;
  /** the toggle adds the atom (false: removes it) */
  added: boolean;
  text: string;
  /** the optimum after the toggle, by the test's own search */
  fewest: number;
}

/**
 * The first opening (rows, then columns 1..4; sides n, e, s, w) whose toggle changes the
 * optimum: the test edits the facts itself (connect/3 added or removed) and `fewestOf`
 * solves them with the library (null: no solution); undefined when no toggle changes it.
 */
async function toggleThatChanges(original: string, before: number | null, fewestOf: (facts: string) => Promise<number | null>): Promise<Toggle | undefined> {
  for (let row = 1; row <= 4; row++)
    for (let col = 1; col <= 4; col++)
      for (const side of ["n", "e", "s", "w"]) {
        const atom = `connect(${row},${col},${side}).`;
        const added = !original.includes(atom);
        const text = added ? `${original}${atom}\n` : original.replace(atom, "");
        const fewest = await fewestOf(text);
        if (fewest !== null && fewest !== before) return { named: `${row},${col},${side}`, atom, added, text, fewest };
      }
  return undefined;
}

/**
 * A push board's tab clicked: `file` opened in a downloading tab (`rules: RULES`), solved to
 * `before`, the board editor opened and the tab `toggled.named` (ROW,COL,SIDE) clicked. The
 * export then has `toggled.atom` if the toggle added it (lacks it if it removed it), and the
 * page's new optimum is labsolve's on the export (copied to `copy`), the test's own
 * (`toggled.fewest`), and not `before`.
 * @returns the tab, its errors and download folder, and the export's text (later edits go on from it)
 */
async function boardTabToggled(
  browser: Browser,
  out: string,
  file: string,
  rules: string,
  before: number | null,
  toggled: Toggle,
  copy: string,
): Promise<{ page: Page; errors: string[]; downloads: string; saved: string }> {
  const { page, errors, downloads } = await downloadingPage(browser, out);
  expect(await solvedThenEditing(page, out, file, rules, "#board-editor")).toBe(before);
  const at = await centreOf(page, `#board-editor rect[data-opening="${toggled.named}"]`);
  await page.mouse.click(at.x, at.y);
  const afterTab = await solvedAfterEdit(page);
  const { text: saved, node } = await exportedAndSolved(page, downloads, basename(file), copy);
  expect(saved.includes(toggled.atom)).toBe(toggled.added);
  expect(afterTab).toBe(node.fewest);
  expect(afterTab).toBe(toggled.fewest);
  expect(afterTab).not.toBe(before);
  return { page, errors, downloads, saved };
}

/** Solves in the page and reads the cost line's number. */
async function solvedCost(page: Page): Promise<number> {
  await page.waitForFunction(() => !(document.querySelector("#solve") as HTMLButtonElement | null)?.disabled);
  await page.click("#solve");
  await page.waitForSelector("#status", { timeout: 50_000 });
  return Number(/cost: (\d+) /.exec(await textOf(page, "#status"))?.[1]);
}

describe.skipIf(!CHROMIUM)(`Edit in the studio (${CHROMIUM ?? "no chromium: skipped"})`, () => {
  const env = studioBrowser("studio-edit-");

  it("instances/maze-8x12.txt: a wall removed by a click and S dragged; each time the page's optimum is labsolve's on the exported file", async () => {
    const file = join(ROOT, "instances", "maze-8x12.txt");
    const original = readFileSync(file, "utf8");
    const before = labsolve(file).fewest;
    const wall = bestWallToRemove(original);
    expect(fewestOnText(original)).toBe(before);
    expect(wall.fewest).toBeLessThan(before!);
    const { page, errors, downloads } = await downloadingPage(env.browser, env.out);
    expect(await solvedThenEditing(page, env.out, file, "maze", "#editor")).toBe(before);
    // the wall, clicked where it is drawn (the editor names each inner wall by the cell east or south of it: its west or north side)
    const named = wall.side === "e" ? `${wall.row},${wall.col + 1},w` : `${wall.row + 1},${wall.col},n`;
    const at = await centreOf(page, `#editor line[data-wall="${named}"]`);
    await page.mouse.click(at.x, at.y);
    const afterWall = await solvedAfterEdit(page);
    const { text: savedWall, node: nodeWall } = await exportedAndSolved(page, downloads, "maze-8x12.txt", "edited-wall.txt");
    expect(afterWall).toBe(nodeWall.fewest);
    expect(afterWall).toBe(wall.fewest);
    expect(afterWall).not.toBe(before);
    // S dragged two cells south (its column, rows 3): the page's optimum is again labsolve's on the export
    const s = await centreOf(page, '#editor text[data-mark="S"]');
    const cell = await page.$eval('#editor line[data-wall="1,1,w"]', (e) => e.getBoundingClientRect().height);
    await drag(page, s, 0, 2 * cell);
    const afterDrag = await solvedAfterEdit(page);
    const { text: savedDrag, node: nodeDrag } = await exportedAndSolved(page, downloads, "maze-8x12.txt", "edited-drag.txt");
    expect(savedDrag).not.toBe(savedWall);
    expect(grid(savedDrag)[5][1]).toBe("S");
    expect(afterDrag).toBe(nodeDrag.fewest);
    expect(afterDrag).toBe(fewestOnText(savedDrag));
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it("instances/minotaur/06-5x5.txt: a wall removed by a click and M dragged; the page's optimum changes and is labsolve's on the exported level", async () => {
    const file = join(ROOT, "instances", "minotaur", "06-5x5.txt");
    const original = readFileSync(file, "utf8");
    const before = labsolve(file).fewest;
    expect(before).not.toBeNull();
    // an inner wall whose removal changes the optimum (chosen with the library's solver; the page is held against labsolve)
    const g = grid(original);
    const rows = (g.length - 1) / 2;
    const cols = (g[0].length - 1) / 2;
    let wall: { named: string; text: string } | undefined;
    for (let r = 0; r < rows && !wall; r++)
      for (let c = 0; c < cols && !wall; c++)
        for (const [side, y, x] of [["e", 2 * r + 1, 2 * c + 2], ["s", 2 * r + 2, 2 * c + 1]] as const) {
          if ((side === "e" ? c === cols - 1 : r === rows - 1) || g[y][x] === " ") continue;
          const edited = g.map((l) => [...l]);
          edited[y][x] = " ";
          const t = `${edited.map((l) => l.join("")).join("\n")}\n`;
          const o = await solve(readInstance(t, "candidate.txt"));
          if (o.fewest !== null && o.fewest !== before) {
            wall = { named: side === "e" ? `${r + 1},${c + 2},w` : `${r + 2},${c + 1},n`, text: t };
            break;
          }
        }
    expect(wall).toBeDefined();
    const { page, errors, downloads } = await downloadingPage(env.browser, env.out);
    expect(await solvedThenEditing(page, env.out, file, "minotaur", "#editor")).toBe(before);
    const at = await centreOf(page, `#editor line[data-wall="${wall!.named}"]`);
    await page.mouse.click(at.x, at.y);
    const afterWall = await solvedAfterEdit(page);
    const { text: savedWall, node: nodeWall } = await exportedAndSolved(page, downloads, "06-5x5.txt", "edited-level.txt");
    expect(savedWall).toBe(wall!.text);
    expect(afterWall).toBe(nodeWall.fewest);
    expect(afterWall).not.toBe(before);
    // M dragged one cell to a free neighbour: the export has M there, the page's optimum is labsolve's on it
    const m = await centreOf(page, '#editor text[data-mark="M"]');
    const cell = await page.$eval('#editor line[data-wall="1,1,w"]', (e) => e.getBoundingClientRect().height);
    const gm = grid(savedWall);
    const mRow = gm.findIndex((l) => l.includes("M"));
    const mCol = gm[mRow].indexOf("M");
    const [dr, dc] = ([[0, 1], [0, -1], [1, 0], [-1, 0]] as const).find(([a, b]) => [" "].includes(gm[mRow + 2 * a]?.[mCol + 2 * b] ?? "x"))!;
    await drag(page, m, dc * cell, dr * cell);
    const afterDrag = await solvedAfterEdit(page);
    const { text: savedDrag, node: nodeDrag } = await exportedAndSolved(page, downloads, "06-5x5.txt", "edited-level-m.txt");
    expect(grid(savedDrag)[mRow + 2 * dr][mCol + 2 * dc]).toBe("M");
    expect(afterDrag).toBe(nodeDrag.fewest);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it("instances/example-4x4.lp: a tile's opening toggled by a click and the start dragged; the page's optimum changes and is labsolve's on the exported facts", async () => {
    const file = join(ROOT, "instances", "example-4x4.lp");
    const original = readFileSync(file, "utf8");
    const before = labsolve(file).fewest;
    expect(before).not.toBeNull();
    // an opening whose toggle changes the optimum: the facts edited by the test (connect/3 added or removed), solved by the library
    const toggled = await toggleThatChanges(original, before, async (facts) => (await solve(readInstance(facts, "candidate.lp"))).fewest);
    expect(toggled).toBeDefined();
    const { page, errors, downloads, saved } = await boardTabToggled(env.browser, env.out, file, "competition", before, toggled!, "edited-board.lp");
    // the start dragged one field east or west: init_on/2 in the export says where, the page's optimum is labsolve's on it
    const init = /init_on\((\d+),(\d+)\)/.exec(saved)!.slice(1).map(Number);
    const dc = init[1] < 4 ? 1 : -1;
    const s = await centreOf(page, '#board-editor text[data-mark="start"]');
    const cell = await page.$eval('#board-editor rect.edit-field', (e) => e.getBoundingClientRect().width);
    await drag(page, s, dc * cell, 0);
    const afterDrag = await solvedAfterEdit(page);
    const { text: savedDrag, node } = await exportedAndSolved(page, downloads, "example-4x4.lp", "edited-board-start.lp");
    expect(savedDrag).toContain(`init_on(${init[0]},${init[1] + dc}).`);
    if (node.fewest === null) expect(await textOf(page, "#status")).toMatch(new RegExp(`^${node.status}`));
    else expect(afterDrag).toBe(node.fewest);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it("docs/game-example.lp: a tile's opening toggled by a click changes the optimum, then the spare's opening and the exit's side by the keyboard; each time the page's optimum is labsolve's on the exported facts", async () => {
    const file = join(ROOT, "docs", "game-example.lp");
    const original = readFileSync(file, "utf8");
    const before = labsolve(file).fewest;
    expect(before).not.toBeNull();
    // the example has no bound: the test's own searches get one (an edit can leave no solution, and the search would not end)
    const fewestWithin = async (facts: string): Promise<number | null> => (await solve(readInstance(`${facts}max_steps(${before! + 4}).\n`, "candidate.lp"))).fewest;
    // an opening whose toggle changes the optimum: the facts edited by the test (connect/3 added or removed), solved by the library
    const toggled = await toggleThatChanges(original, before, fewestWithin);
    expect(toggled).toBeDefined();
    // then the spare opened south and the exit turned clockwise from n, as many quarter turns as it takes to a solvable board (the test's own edit)
    expect(original).not.toContain("spare(s).");
    expect(original).toContain("exit(4,4,n).");
    let turned: { side: string; turns: number; fewest: number } | undefined;
    for (const [turns, side] of (["e", "s", "w"] as const).entries()) {
      const fewest = await fewestWithin(`${toggled!.text.replace("exit(4,4,n).", `exit(4,4,${side}).`)}spare(s).\n`);
      if (fewest !== null) {
        turned = { side, turns: turns + 1, fewest };
        break;
      }
    }
    expect(turned).toBeDefined();
    // the tile's tab clicked (the export and the page's optimum checked there)
    const { page, errors, downloads } = await boardTabToggled(env.browser, env.out, file, "game", before, toggled!, "edited-game.lp");
    // the keyboard alone: Enter on the spare's south tab opens it (the example's spare opens n, e, w); space on the exit's band turns it a quarter clockwise
    await page.$eval('#board-editor rect[data-opening="spare,s"]', (e) => (e as SVGElement).focus());
    await page.keyboard.press("Enter");
    await page.waitForSelector('#board-editor rect[data-opening="spare,s"].open');
    const sides = ["n", "e", "s", "w"];
    for (let k = 0; k < turned!.turns; k++) {
      await page.$eval(`#board-editor rect[data-exit="${sides[k]}"]`, (e) => (e as SVGElement).focus());
      await page.keyboard.press(" ");
      await page.waitForSelector(`#board-editor rect[data-exit="${sides[k + 1]}"]`);
    }
    const afterKeys = await solvedCost(page);
    const { text: savedKeys, node: nodeKeys } = await exportedAndSolved(page, downloads, "game-example.lp", "edited-game-keys.lp");
    expect(savedKeys).toContain("spare(s).");
    expect(savedKeys).toContain(`exit(4,4,${turned!.side}).`);
    expect(savedKeys).not.toContain("exit(4,4,n).");
    // what the editor does not change is there as it was
    for (const kept of ["insert(2,e).", "insert(3,w).", "insert(2,n).", "insert(3,s).", "cost(moves)."]) expect(savedKeys).toContain(kept);
    expect(nodeKeys.fewest).toBe(afterKeys);
    expect(afterKeys).toBe(turned!.fewest);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("keyboard alone: a push board's tab toggled with Enter, a Minotaur level's wall with space; the exports say so", async () => {
    const { page, errors, downloads } = await downloadingPage(env.browser, env.out);
    // example-4x4: field (1,1) has connect(1,1,s); Enter on its south tab closes it
    const board = join(ROOT, "instances", "example-4x4.lp");
    expect(readFileSync(board, "utf8")).toContain("connect(1,1,s).");
    await page.goto(studioLink(env.out, board), { waitUntil: "load" });
    await waitForText(page, "#rules", "rules: competition");
    await page.focus("#edit");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#board-editor");
    // (an SVG element: focused as Tab would focus it; puppeteer's focus takes HTML elements only)
    await page.$eval('#board-editor rect[data-opening="1,1,s"]', (e) => (e as SVGElement).focus());
    await page.keyboard.press("Enter");
    await page.waitForSelector('#board-editor rect[data-opening="1,1,s"]:not(.open)');
    const facts = await exported(page, downloads, "example-4x4.lp");
    expect(facts).not.toContain("connect(1,1,s).");
    expect(facts).toContain("connect(1,1,w).");
    // 06-5x5: the wall east of (1,1) is open in the file ("|    T|" : no bar after the first cell); space puts it there
    const level = join(ROOT, "instances", "minotaur", "06-5x5.txt");
    expect(grid(readFileSync(level, "utf8"))[1][2]).toBe(" ");
    // the link differs from the last in its hash alone (no load): the page opens it all the same
    await page.goto(studioLink(env.out, level), { waitUntil: "load" });
    await waitForText(page, "#rules", "rules: minotaur");
    // the editor stays open: it now edits the level
    await page.waitForSelector('#edit[aria-pressed="true"]');
    await page.waitForSelector("#editor");
    await page.$eval('#editor line[data-wall="1,2,w"]', (e) => (e as SVGElement).focus());
    await page.keyboard.press(" ");
    await page.waitForSelector('#editor line[data-wall="1,2,w"]:not(.open)');
    const text = await exported(page, downloads, "06-5x5.txt");
    expect(grid(text)[1][2]).toBe("|");
    expect(await textOf(page, "#step")).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
