/**
 * `labcheck`: the command's entry (bin/labcheck); its command line is built in
 * labcheck-program.ts, which the reference generator (scripts/docs-cli.ts) imports too.
 */
const { endQuietlyOnClosedPipe } = await import("./common.js");
endQuietlyOnClosedPipe();
await (await import("./labcheck-program.js")).labcheckProgram().parseAsync();
