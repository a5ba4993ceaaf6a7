/**
 * Random sparse competition boards for the tests of the search's look-ahead rules: a
 * generated board (a maze for even seeds, random tiles for odd ones) with about 30% of
 * the openings dropped in two seeds of three, and in one of three a corridor (a row open
 * east-west or a column open north-south): sets that often cannot grow, and sets that
 * grow far in one push.
 */
import { prng } from "../../src/core/random.js";
import { generate } from "../../src/push/competition/generate.js";
import { instanceFromData, type Instance } from "../../src/push/competition/instance.js";

/**
 * @param generatorBase the generator's seed is generatorBase + 100 * size + seed
 * @param dropBase the seed of the openings dropped and the corridor is dropBase + seed
 */
export function sparseBoard(size: number, maxSteps: number, seed: number, generatorBase: number, dropBase: number): Instance {
  const data = generate(size, maxSteps, generatorBase + 100 * size + seed, seed % 2 === 0 ? "maze" : "random");
  const rand = prng(dropBase + seed);
  const drop = seed % 3 === 0 ? 0 : 0.3;
  data.tiles = data.tiles.map((t) => {
    let u = t;
    for (let b = 0; b < 4; b++) if (rand() < drop) u &= ~(1 << b);
    return u;
  });
  if (seed % 3 === 2) {
    const line = Math.floor(rand() * size);
    const row = rand() < 0.5;
    for (let i = 0; i < size; i++) data.tiles[row ? line * size + i : i * size + line] |= row ? 12 : 3;
  }
  return instanceFromData(data, `seed ${seed}`);
}
