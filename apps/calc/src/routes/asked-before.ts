// Which keys were asked for recently, in a fixed table of 32-bit hashes: a cache's
// admission filter. Keeping every answer once cost more than it saved where most keys
// come once (every user's own coordinates): each answer outlived two young-generation
// collections in the cache and died in the old generation. The table allocates nothing
// per call. A slot holds the last key hashed to it, so a key is forgotten once another
// takes its slot; two keys with the same hash in the same slot pass for one (harmless:
// an answer is cached one ask early).
const DEFAULT_SLOTS = 16_384;

/** Returns whether `key` was asked for before (and notes that it has been). */
export type AskedBefore = (key: string) => boolean;

export function createAskedBefore(slots: number = DEFAULT_SLOTS): AskedBefore {
  if (!Number.isInteger(Math.log2(slots))) throw new RangeError(`slots must be a power of two, got ${slots}`);
  const table = new Uint32Array(slots);
  const mask = slots - 1;
  return function askedBefore(key) {
    const hash = hashOf(key);
    const slot = hash & mask;
    if (table[slot] === hash) return true;
    table[slot] = hash;
    return false;
  };
}

// FNV-1a over the UTF-16 code units, then MurmurHash3's finaliser so that keys differing
// in their last characters (coordinates) spread over the low bits that pick the slot;
// 0 is mapped away from the table's empty value.
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0 || 1;
}
