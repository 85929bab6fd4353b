// A seeded PRNG so demo data is the same on every machine and every run: the value of one
// (account, date, entity) never depends on which range was asked for. Math.random is never used.

/** FNV-1a 32-bit hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast, good enough for synthetic data (not for anything secret). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator seeded by the parts that identify a value, e.g. ("acc-1", "2025-01-01", "cmp-2"). */
export function seeded(...parts: (string | number)[]): () => number {
  return mulberry32(hashString(parts.join("|")));
}

export function between(random: () => number, min: number, max: number): number {
  return min + random() * (max - min);
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length) % items.length];
}
