/**
 * `labshow`: the command's entry (bin/labshow); its command line is built in
 * labshow-program.ts, which the reference generator (scripts/docs-cli.ts) imports too.
 */
const { endQuietlyOnClosedPipe } = await import("./common.js");
endQuietlyOnClosedPipe();
await (await import("./labshow-program.js")).labshowProgram().parseAsync();
