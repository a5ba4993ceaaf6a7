/**
 * One solver run under limits, as runsolver enforces them: the solver starts in a process
 * group of its own (`detached`), its process tree (that group, plus any descendant that
 * left it) is sampled from /proc every `pollMs`; the time limit (wall clock) and the memory
 * limit (the tree's resident set, summed) end the whole tree: SIGTERM to the group and every
 * member, SIGKILL after a grace. When the solver exits, whatever it left behind in its group
 * (a forked child still running) is killed too. Standard output goes to a file, capped:
 * past the cap the rest is read and dropped, and the run says it was cut.
 *
 * The tree is walked from the leader down its children lists (/proc/PID/task/PID/children)
 * at every sample, and found by a scan of every process (its group, and their descendants)
 * once a second, for what the walk cannot see (an orphan of an exited member, a child forked
 * by a thread).
 *
 * Precision (Linux): wall time by the monotonic clock, to well under a millisecond plus the
 * time to notice the exit. Memory: the peak of the sampled sums of VmRSS (/proc/PID/stat
 * field 24 × the page size), sampled 2, 4, 8, ... ms after the start and then every `pollMs`,
 * so a peak shorter than that can be missed (a run of a few milliseconds may show 0); the
 * memory limit acts within one poll. CPU time: user + system of every live tree member plus what each has
 * reaped (fields 14-17 of /proc/PID/stat, in clock ticks of 10 ms), at the last sample before
 * the exit; with one run at a time the delta of this process's own reaped-children time
 * (/proc/self/stat cutime + cstime, the rusage of the waited-for solver and its waited-for
 * descendants) is used when larger, which counts the last slice exactly to 10 ms.
 */
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, readdirSync, writeSync } from "node:fs";

/** How a run is limited. */
export interface RunLimits {
  /** wall-clock seconds, or undefined: none */
  timeSeconds?: number;
  /** the process tree's summed resident set, MB (2^20 bytes), or undefined: none */
  memoryMB?: number;
  /** seconds between SIGTERM and SIGKILL (default 2) */
  graceSeconds?: number;
  /** bytes of standard output kept (default 16 MiB); standard error keeps 1 MiB */
  outputBytes?: number;
  /** ms between samples of /proc (default 50) */
  pollMs?: number;
  /** true when this is the only solver running: CPU time then also from this process's reaped-children time */
  alone?: boolean;
}

/** How a run ended and what it used. */
export interface TreeRun {
  /** the exit code, or null when a signal ended it */
  exitCode: number | null;
  signal: string | null;
  /** which limit ended it, or null */
  limit: "time" | "memory" | null;
  wallSeconds: number;
  cpuSeconds: number;
  peakMemoryMB: number;
  /** bytes of standard output written (at most the cap) and whether more were printed */
  outputBytes: number;
  outputCut: boolean;
  /** the program could not be started (not found, not executable): why */
  spawnError?: string;
  /** ended by stop() (Ctrl-C), not by itself or a limit */
  stopped: boolean;
}

/** A run in progress: its end, and stop() to end it early (Ctrl-C). */
export interface RunningTree {
  done: Promise<TreeRun>;
  stop(): void;
}

const PAGE_BYTES = 4096;
const TICKS = 100;

/** Fields of /proc/PID/stat after the command name: [state, ppid, pgrp, ...]. */
function statFields(pid: number | "self"): string[] | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "latin1");
    return s.slice(s.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** This process's reaped children's CPU seconds (cutime + cstime). */
function reapedSeconds(): number {
  const f = statFields("self");
  return f ? (Number(f[13]) + Number(f[14])) / TICKS : 0;
}

interface Member {
  pid: number;
  cpu: number;
  rss: number;
}

/** A live process's figures (undefined when gone or a zombie). */
function memberOf(pid: number): (Member & { pgrp: number; ppid: number }) | undefined {
  const f = statFields(pid);
  if (!f || f[0] === "Z") return undefined;
  // after ")": 0 state, 1 ppid, 2 pgrp, ... 11 utime, 12 stime, 13 cutime, 14 cstime, ... 21 rss
  return { pid, ppid: Number(f[1]), pgrp: Number(f[2]), cpu: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS, rss: Number(f[21]) * PAGE_BYTES };
}

/** The children of a process's main thread (/proc/PID/task/PID/children). */
function childrenOf(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "latin1").trim();
    return text === "" ? [] : text.split(" ").map(Number);
  } catch {
    return [];
  }
}

/**
 * The live members of a tree, walked down from the leader and the members seen before by
 * their children lists: cheap (a few files a member). A child forked by another thread
 * than its parent's main one, or left behind by an exited parent, is found by the full scan.
 */
function walkTree(leader: number, known: Iterable<number>): Member[] {
  const seen = new Set<number>();
  const out: Member[] = [];
  const todo = [leader, ...known];
  while (todo.length > 0) {
    const pid = todo.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const m = memberOf(pid);
    if (!m) continue;
    out.push(m);
    todo.push(...childrenOf(pid));
  }
  return out;
}

/** The live members of a tree by a scan of every process: the group `pgid`, and the descendants of its members (slow: a file a process). */
function scanTree(pgid: number): Member[] {
  const all: (Member & { pgrp: number; ppid: number })[] = [];
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  for (const n of names) {
    const c = n.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    const m = memberOf(Number(n));
    if (m) all.push(m);
  }
  const inTree = new Set<number>();
  for (const p of all) if (p.pgrp === pgid || p.pid === pgid) inTree.add(p.pid);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => inTree.has(p.pid));
}

/** Seconds between full scans of /proc (the walk from the leader runs at every sample). */
const SCAN_SECONDS = 1;

function signalAll(pgid: number, pids: Iterable<number>, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is empty
  }
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone
    }
  }
}

/**
 * Starts `argv` under `limits`.
 * @param argv the program and its arguments (no shell)
 * @param stdinPath a file for standard input, or undefined (standard input is then empty)
 * @param outPath, errPath files for standard output and error (created, truncated)
 */
export function runTree(argv: readonly string[], stdinPath: string | undefined, outPath: string, errPath: string, limits: RunLimits): RunningTree {
  const outCap = limits.outputBytes ?? 16 * 2 ** 20;
  const errCap = 2 ** 20;
  const grace = (limits.graceSeconds ?? 2) * 1000;
  const pollMs = limits.pollMs ?? 50;
  const memoryBytes = limits.memoryMB !== undefined ? limits.memoryMB * 2 ** 20 : undefined;
  const outFd = openSync(outPath, "w");
  const errFd = openSync(errPath, "w");
  const inFd = stdinPath !== undefined ? openSync(stdinPath, "r") : "ignore";
  const reapedBefore = limits.alone ? reapedSeconds() : 0;
  const started = performance.now();
  let stopFn = (): void => undefined;
  const done = new Promise<TreeRun>((resolve) => {
    let limit: "time" | "memory" | null = null;
    let stopped = false;
    let peak = 0;
    let cpu = 0;
    let outBytes = 0;
    let outCut = false;
    let errBytes = 0;
    let exited: { code: number | null; signal: string | null; wall: number } | undefined;
    let spawnError: string | undefined;
    /** the tree's members at the last sample (besides the group, they are signalled by pid) */
    const known = new Set<number>();
    // the first full scan after a second: a short run costs no scan of every process
    let lastScan = performance.now();
    const child = spawn(argv[0], argv.slice(1), { detached: true, stdio: [inFd, "pipe", "pipe"] });
    if (typeof inFd === "number") closeSync(inFd);
    const pgid = child.pid;
    let killTimer: NodeJS.Timeout | undefined;
    const end = (why: "time" | "memory" | "stop"): void => {
      if (pgid === undefined || exited || killTimer) return;
      if (why === "stop") stopped = true;
      else limit = why;
      signalAll(pgid, known, "SIGTERM");
      killTimer = setTimeout(() => signalAll(pgid, known, "SIGKILL"), grace);
    };
    stopFn = () => end("stop");
    const sample = (): void => {
      if (pgid === undefined || exited) return;
      const now = performance.now();
      let members: Member[];
      if (now - lastScan >= SCAN_SECONDS * 1000) {
        lastScan = now;
        members = scanTree(pgid);
      } else members = walkTree(pgid, known);
      let rss = 0;
      let used = 0;
      // only the members of the last sample are signalled: a pid that ended may be reused
      known.clear();
      for (const m of members) {
        known.add(m.pid);
        rss += m.rss;
        used += m.cpu;
      }
      if (rss > peak) peak = rss;
      if (used > cpu) cpu = used;
      if (memoryBytes !== undefined && rss > memoryBytes) end("memory");
    };
    // samples at 2, 4, 8, ... ms after the start, then every pollMs: a short run is seen too
    let poller: NodeJS.Timeout | undefined;
    const next = (delay: number): void => {
      poller = setTimeout(() => {
        sample();
        if (!exited) next(Math.min(delay * 2, pollMs));
      }, delay);
    };
    next(Math.min(2, pollMs));
    const timer = limits.timeSeconds !== undefined ? setTimeout(() => end("time"), limits.timeSeconds * 1000) : undefined;
    child.stdout?.on("data", (d: Buffer) => {
      const room = outCap - outBytes;
      if (room > 0) {
        const part = d.length <= room ? d : d.subarray(0, room);
        writeSync(outFd, part);
        outBytes += part.length;
      }
      if (d.length > room) outCut = true;
    });
    child.stderr?.on("data", (d: Buffer) => {
      const room = errCap - errBytes;
      if (room > 0) {
        const part = d.length <= room ? d : d.subarray(0, room);
        writeSync(errFd, part);
        errBytes += part.length;
      }
    });
    child.on("error", (e) => {
      spawnError = e.message;
    });
    child.on("exit", (code, signal) => {
      exited = { code, signal, wall: (performance.now() - started) / 1000 };
      // what the solver left in its group (a forked child still running) ends with it
      if (pgid !== undefined) signalAll(pgid, known, "SIGKILL");
    });
    child.on("close", (code, signal) => {
      if (poller) clearTimeout(poller);
      if (timer) clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      closeSync(outFd);
      closeSync(errFd);
      const wall = exited?.wall ?? (performance.now() - started) / 1000;
      if (limits.alone) cpu = Math.max(cpu, reapedSeconds() - reapedBefore);
      resolve({
        exitCode: exited ? exited.code : code,
        signal: exited ? exited.signal : signal,
        limit: stopped ? null : limit,
        wallSeconds: wall,
        cpuSeconds: Math.round(cpu * 1000) / 1000,
        peakMemoryMB: Math.round((peak / 2 ** 20) * 10) / 10,
        outputBytes: outBytes,
        outputCut: outCut,
        spawnError,
        stopped,
      });
    });
    sample();
  });
  return { done, stop: () => stopFn() };
}
