import type { Pos } from '../../libs/search/filter/geometry';

/** A small seeded PRNG (mulberry32): the same seed gives the same rings on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The review's reproduction (issue 22): `vertices` random positions, x in 55–70, y in 10–20,
 * first repeated last — a ring that crosses itself many times. Six decimals by default, as a
 * client writes; fewer keep a long one inside a GET URL.
 */
export function randomRing(vertices: number, seed = 1000, decimals = 6): Pos[] {
  const rnd = seededRandom(seed);
  const round = (v: number): number => Math.round(v * 10 ** decimals) / 10 ** decimals;
  const pts: Pos[] = Array.from({ length: vertices }, () => [round(55 + 15 * rnd()), round(10 + 10 * rnd())]);
  return [...pts, pts[0]!];
}

export const posList = (ring: Pos[]): string => ring.map((p) => `${p[0]} ${p[1]}`).join(' ');
export const wktRing = (ring: Pos[]): string => `(${ring.map((p) => `${p[0]} ${p[1]}`).join(', ')})`;
