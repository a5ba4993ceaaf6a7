/**
 * `labgen`: the command's entry (bin/labgen); its command lines are built in
 * labgen-program.ts, which the reference generator (scripts/docs-cli.ts) imports too.
 */
const { endQuietlyOnClosedPipe } = await import("./common.js");
endQuietlyOnClosedPipe();
await (await import("./labgen-program.js")).runLabgen(process.argv);
