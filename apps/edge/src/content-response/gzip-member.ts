// A gzip body (RFC 1952) made of bytes deflated once and a tail stored as it is. A kept
// answer's bytes are the same for every replay in its link step; only the tail
// (timestamp, rateLimit) is the request's own. Deflating the bytes once, ending on a
// sync flush (byte-aligned, not final), and adding the tail in a final stored block
// (RFC 1951 §3.2.4) gives each compressed replay a CRC of its tail to compute instead of
// a compressor to run (packages/core/src/runtime/middleware/compression.ts).
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';
import { createTurns } from '@ira/core/runtime/turns';

const deflateRawAsync = promisify(deflateRaw);

// ID1 ID2, CM = deflate, no flags, no modification time, no extra flags, OS unknown.
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A stored block holds at most this many bytes. */
export const MAX_STORED_BYTES = 0xffff;
const UINT32 = 2 ** 32;

export interface DeflatedBytes {
  /** The bytes as raw deflate, ending on a sync flush. */
  deflated: Buffer;
  crc: number;
  length: number;
}

/**
 * Deflates run at once; the others wait their turn (`createTurns`). Each holds its compressor's
 * state (~260 KB: zlib's window and hash chains) from its start to its end, and libuv's pool
 * runs four at a time, so more at once only hold memory longer (bench: quran-page-varying-gzip).
 */
export const DEFLATES_AT_ONCE = 4;
const deflates = createTurns(DEFLATES_AT_ONCE);

/** Deflates on libuv's thread pool: a whole Al-Baqarah (1.4 MB) is tens of milliseconds of work. */
export async function deflateOnce(bytes: Buffer): Promise<DeflatedBytes> {
  const output = await deflates.run(() => deflateRawAsync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }));
  // zlib's output is a view of a 64 KB chunk; a kept copy of its own holds only its length (memo.ts counts that).
  const deflated = Buffer.allocUnsafeSlow(output.length);
  output.copy(deflated);
  return { deflated, crc: crc32(bytes), length: bytes.length };
}

/** The gzip body of the deflated bytes followed by `tail`, in two buffers: the kept deflate and the rest. */
export function gzipBody(head: DeflatedBytes, tail: Buffer): [Buffer, Buffer, Buffer] {
  if (tail.length > MAX_STORED_BYTES)
    throw new RangeError(`a stored tail holds at most ${MAX_STORED_BYTES} bytes, got ${tail.length}`);
  const end = Buffer.allocUnsafe(5 + tail.length + 8);
  end[0] = 1; // BFINAL = 1, BTYPE = 00 (stored); the rest of the byte is padding
  end.writeUInt16LE(tail.length, 1);
  end.writeUInt16LE(~tail.length & 0xffff, 3);
  tail.copy(end, 5);
  end.writeUInt32LE(crc32(tail, head.crc), 5 + tail.length);
  end.writeUInt32LE((head.length + tail.length) % UINT32, 9 + tail.length);
  return [HEADER, head.deflated, end];
}
