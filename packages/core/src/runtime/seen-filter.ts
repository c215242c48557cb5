// Which keys were seen in this generation or the one before: a cache's admission filter,
// two bits per key in a fixed bit set per generation, nothing allocated per call. A cache
// that keeps only answers to keys seen before keeps nothing from a stream of one-off keys,
// where each kept answer was garbage for the collector to promote and sweep, evicted
// unread. The edge's content memo counts generations in link steps, calc's result cache
// in keys asked.

/** Two 32-bit FNV-1a hashes of `key` with different offset bases: the filter's two bits. */
export function keyHashes(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return [a >>> 0, b >>> 0];
}

/**
 * Returns whether a key (by its `keyHashes`) was seen in `generation` or the one before,
 * and notes it in `generation`. Generations only move forward; a jump of more than one
 * forgets both. `bits` is a power of two per generation.
 */
export function seenFilter(bits: number): (hashes: [number, number], generation: number) => boolean {
  const mask = bits - 1;
  let current = new Uint8Array(bits / 8);
  let previous = new Uint8Array(bits / 8);
  let currentGeneration = Number.NaN;
  const has = (set: Uint8Array, bit: number) => (set[bit >>> 3]! & (1 << (bit & 7))) !== 0;
  return (hashes, generation) => {
    if (generation === currentGeneration + 1) [previous, current] = [current, previous];
    else if (generation !== currentGeneration) previous.fill(0);
    if (generation !== currentGeneration) {
      current.fill(0);
      currentGeneration = generation;
    }
    const [a, b] = [hashes[0] & mask, hashes[1] & mask];
    const seen = (has(current, a) && has(current, b)) || (has(previous, a) && has(previous, b));
    current[a >>> 3]! |= 1 << (a & 7);
    current[b >>> 3]! |= 1 << (b & 7);
    return seen;
  };
}
