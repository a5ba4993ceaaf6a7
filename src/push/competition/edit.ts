/**
 * The competition's board part (the registry's `board`): an instance's facts read as an
 * editable board (the reader of instance.ts) and written back by the generator's facts
 * writer (generate.ts toFacts); the studio's push board editor changes a tile's openings,
 * the start and the goal in between. Facts other than the instance's and comments are not kept.
 */
import type { BoardPart } from "../../core/plugin.js";
import { toFacts } from "./generate.js";
import { readInstance } from "./instance.js";

/** The registry's part. */
export const board: BoardPart = {
  read(text, name) {
    const { instance } = readInstance(text, name);
    return { size: instance.size, tiles: Uint8Array.from(instance.board.tiles), start: { ...instance.init }, goal: { ...instance.goal }, maxSteps: instance.maxSteps };
  },
  write(b) {
    return toFacts({ size: b.size, maxSteps: b.maxSteps, tiles: b.tiles, init: b.start, goal: b.goal });
  },
};
