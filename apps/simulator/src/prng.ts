/** A seeded pseudo-random source: the same seed replays the same fleet, which makes tests exact. */
export type Random = () => number;

/** mulberry32: tiny, fast and good enough for simulation (not for anything secret). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Derives an independent seed for item `index` of a run seeded with `seed`. */
export function deriveSeed(seed: number, index: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
}

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** `value` spread uniformly by ±`fraction` (jitter), never negative. */
export function jitter(random: Random, value: number, fraction = 0.25): number {
  return Math.max(0, Math.round(value * (1 - fraction + random() * 2 * fraction)));
}
