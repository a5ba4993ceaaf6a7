/**
 * `labsolve [FILE]`: the solver's command line, parsed once by commander
 * (src/cli/program.ts), which also gives the help and the error messages.
 */
const { endQuietlyOnClosedPipe } = await import("./common.js");
endQuietlyOnClosedPipe();
await (await import("./program.js")).runProgram(process.argv);
