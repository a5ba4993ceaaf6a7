/**
 * The studio's page: open an input (pick, drop, paste, or the file `labshow studio FILE`
 * serves), see its board as labshow draws it, solve it in a Web Worker with a progress
 * line and Stop, and step through the answer (first, back, forward, last, play at a
 * speed). The keys: arrows step (never scroll), Home/End first and last, space plays.
 */
import { render } from "preact";
import { App } from "./app.js";
import "./studio.css";

render(<App />, document.getElementById("app")!);
