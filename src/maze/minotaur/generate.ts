/** labgen minotaur (filled in below). */
import type { Generator } from "../../core/plugin.js";

export const generator: Generator = {
  styles: [],
  generate() {
    throw new Error("not yet");
  },
};
