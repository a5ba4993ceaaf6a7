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
    if (b.maxSteps === undefined) throw new Error("the competition's facts need a horizon (max_steps/1)");
    if ((b.cols !== undefined && b.cols !== b.size) || b.spare !== undefined || b.exit !== undefined || b.kept !== undefined) {
      throw new Error("the competition's board is N x N with a goal field, no spare tile and no other facts");
    }
    return toFacts({ size: b.size, maxSteps: b.maxSteps, tiles: b.tiles, init: b.start, goal: b.goal });
  },
};
