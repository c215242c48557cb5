// Bytes kept in a cache beyond the request that made them.

/** What a kept buffer's memory may hold beside its bytes (the edge's memo: the tail an answer was first sent with). */
const KEPT_SLACK_BYTES = 1024;

/**
 * The bytes in a buffer of about their size: a small Buffer is a slice of Node's shared
 * 8 KB pool, and keeping the slice would keep the slab (up to 6× the counted size). A
 * larger one already has its own buffer and is kept as it is: copying every mushaf page
 * the edge assembled was a second allocation of each (~33 KB) for ~200 bytes.
 */
export function ownedCopy(bytes: Buffer): Buffer {
  if (bytes.buffer.byteLength - bytes.length <= KEPT_SLACK_BYTES) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
