/**
 * An independent implementation of Theseus and the Minotaur for the tests, written from
 * ../shared/spec/text-maze.md section 3 alone: it reads the level's characters itself
 * (walls by position), simulates with (row, column) pairs and searches breadth-first with
 * string keys. Shares no code with src/.
 */

export interface RefLevel {
  R: number;
  C: number;
  lines: string[];
  t: [number, number];
  m: [number, number];
}

export function refRead(text: string): RefLevel {
  const all = text.split("\n");
  const first = all.findIndex((l) => l.includes("+"));
  const last = all.length - 1 - [...all].reverse().findIndex((l) => l.includes("+"));
  const lines = all.slice(first, last + 1);
  const W = Math.max(...lines.map((l) => l.length));
  const padded = lines.map((l) => l.padEnd(W, " "));
  const R = (padded.length - 1) / 2;
  const C = (W - 1) / 2;
  let t: [number, number] = [-1, -1];
  let m: [number, number] = [-1, -1];
  for (let r = 0; r < R; r++)
    for (let c = 0; c < C; c++) {
      const ch = padded[2 * r + 1][2 * c + 1];
      if (ch === "T") t = [r, c];
      if (ch === "M") m = [r, c];
    }
  return { R, C, lines: padded, t, m };
}

const DIRS: Record<string, [number, number]> = { north: [-1, 0], east: [0, 1], south: [1, 0], west: [0, -1] };

/** Is the side of cell (r, c) toward (dr, dc) open (a passage, or an opening in the border)? */
export function refOpen(L: RefLevel, r: number, c: number, dr: number, dc: number): boolean {
  const ch = L.lines[2 * r + 1 + dr][2 * c + 1 + dc];
  return ch === " " || ch === "E";
}

/** One move: the new (t, m), "escaped", "wall" or "caught". */
export function refStep(L: RefLevel, t: [number, number], m: [number, number], move: string): { t: [number, number]; m: [number, number] } | "escaped" | "wall" | "caught" {
  let nt = t;
  if (move !== "wait") {
    const [dr, dc] = DIRS[move];
    if (!refOpen(L, t[0], t[1], dr, dc)) return "wall";
    nt = [t[0] + dr, t[1] + dc];
    if (nt[0] < 0 || nt[0] >= L.R || nt[1] < 0 || nt[1] >= L.C) return "escaped";
  }
  if (nt[0] === m[0] && nt[1] === m[1]) return "caught";
  let nm = m;
  for (let k = 0; k < 2; k++) {
    const [mr, mc] = nm;
    const hd = Math.sign(nt[1] - mc);
    const vd = Math.sign(nt[0] - mr);
    if (hd !== 0 && refOpen(L, mr, mc, 0, hd)) nm = [mr, mc + hd];
    else if (vd !== 0 && refOpen(L, mr, mc, vd, 0)) nm = [mr + vd, mc];
  }
  if (nm[0] === nt[0] && nm[1] === nt[1]) return "caught";
  return { t: nt, m: nm };
}

/** Fewest moves to escape (-1: none) and the number of optimal solutions. */
export function refSolve(L: RefLevel, wait = true): { fewest: number; count: number } {
  const moves = wait ? ["north", "east", "south", "west", "wait"] : ["north", "east", "south", "west"];
  const key = (t: number[], m: number[]) => `${t[0]},${t[1]},${m[0]},${m[1]}`;
  let layer = new Map<string, { t: [number, number]; m: [number, number]; ways: number }>([[key(L.t, L.m), { t: L.t, m: L.m, ways: 1 }]]);
  const seen = new Set<string>(layer.keys());
  for (let d = 0; layer.size > 0; d++) {
    let escapes = 0;
    const next = new Map<string, { t: [number, number]; m: [number, number]; ways: number }>();
    for (const s of layer.values()) {
      for (const mv of moves) {
        const r = refStep(L, s.t, s.m, mv);
        if (r === "escaped") escapes += s.ways;
        if (typeof r !== "object") continue;
        const k = key(r.t, r.m);
        if (seen.has(k) && !next.has(k)) continue;
        const e = next.get(k);
        if (e) e.ways += s.ways;
        else next.set(k, { t: r.t, m: r.m, ways: s.ways });
      }
    }
    if (escapes > 0) return { fewest: d + 1, count: escapes };
    for (const k of next.keys()) seen.add(k);
    layer = next;
  }
  return { fewest: -1, count: 0 };
}

/** A random level as text: walls kept with probability `wall`, 1 to 3 openings, T and M apart. */
export function randomLevelText(rand: () => number, R: number, C: number, wall: number): string {
  const g: string[][] = [];
  for (let i = 0; i <= 2 * R; i++) {
    const row: string[] = [];
    for (let j = 0; j <= 2 * C; j++) {
      if (i % 2 === 0 && j % 2 === 0) row.push("+");
      else if (i % 2 === 0) row.push(i === 0 || i === 2 * R || rand() < wall ? "-" : " ");
      else if (j % 2 === 0) row.push(j === 0 || j === 2 * C || rand() < wall ? "|" : " ");
      else row.push(" ");
    }
    g.push(row);
  }
  const openings = 1 + Math.floor(rand() * 3);
  for (let k = 0; k < openings; k++) {
    const side = Math.floor(rand() * 4);
    if (side < 2) g[side === 0 ? 0 : 2 * R][2 * Math.floor(rand() * C) + 1] = " ";
    else g[2 * Math.floor(rand() * R) + 1][side === 2 ? 0 : 2 * C] = " ";
  }
  const n = R * C;
  const t = Math.floor(rand() * n);
  let m = Math.floor(rand() * (n - 1));
  if (m >= t) m++;
  g[2 * Math.floor(t / C) + 1][2 * (t % C) + 1] = "T";
  g[2 * Math.floor(m / C) + 1][2 * (m % C) + 1] = "M";
  return `${g.map((r) => r.join("")).join("\n")}\n`;
}

/** The shortest losing line by the independent simulation (breadth-first over states). */
export function losingLine(L: RefLevel): string[] {
  const seen = new Set<string>();
  let layer: { t: [number, number]; m: [number, number]; path: string[] }[] = [{ t: L.t, m: L.m, path: [] }];
  while (layer.length > 0) {
    const next: typeof layer = [];
    for (const s of layer)
      for (const mv of ["north", "east", "south", "west", "wait"]) {
        const r = refStep(L, s.t, s.m, mv);
        if (r === "caught") return [...s.path, mv];
        if (typeof r !== "object") continue;
        const k = `${r.t},${r.m}`;
        if (seen.has(k)) continue;
        seen.add(k);
        next.push({ ...r, path: [...s.path, mv] });
      }
    layer = next;
  }
  throw new Error("no losing line");
}
