/**
 * `labbench`: the command's entry (bin/labbench); its command line is built in
 * labbench-program.ts, which the reference generator (scripts/docs-cli.ts) imports too.
 */
const { endQuietlyOnClosedPipe } = await import("./common.js");
endQuietlyOnClosedPipe();
await (await import("./labbench-program.js")).labbenchProgram().parseAsync();
