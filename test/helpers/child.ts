/** A child process read as it runs: waits on what it prints, never on the clock. */
import { spawn } from "node:child_process";

export interface Child {
  /** resolves with all the text so far (stdout and stderr together) once it matches `re`; rejects if the process ends first */
  saw(re: RegExp): Promise<string>;
  /** stdout alone, so far */
  stdout(): string;
  kill(signal: NodeJS.Signals): void;
  readonly pid: number | undefined;
  /** the exit: code or signal, stdout, and stdout and stderr together */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; text: string }>;
}

/** Starts `command` in `cwd`, its stdout and stderr read as they come. */
export function start(command: string, args: string[], cwd: string): Child {
  const p = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  let out = "";
  const waiters: { re: RegExp; resolve: (t: string) => void }[] = [];
  const onData = (d: Buffer): void => {
    text += d.toString();
    for (const w of [...waiters]) {
      if (w.re.test(text)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(text);
      }
    }
  };
  p.stdout.on("data", (d: Buffer) => {
    out += d.toString();
    onData(d);
  });
  p.stderr.on("data", onData);
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; text: string }>((resolve) => p.on("close", (code, signal) => resolve({ code, signal, out, text })));
  return {
    saw: (re) =>
      new Promise((resolve, reject) => {
        if (re.test(text)) return resolve(text);
        waiters.push({ re, resolve });
        void done.then((d) => reject(new Error(`the process ended (${d.code ?? d.signal}) before printing ${re}:\n${d.text}`)));
      }),
    stdout: () => out,
    kill: (signal) => {
      if (p.exitCode === null && p.signalCode === null) p.kill(signal);
    },
    pid: p.pid,
    done,
  };
}
