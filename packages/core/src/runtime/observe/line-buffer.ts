// Access lines (one per request) are gathered and written in blocks of whole lines, one
// write in flight at a time: a write per line costs a system call per request, and
// sonic-boom's buffer measures its growing string on every line (bench: names-one).
import fs from 'node:fs';

export interface LineBufferOptions {
  /** A block is written once this many characters are waiting. */
  blockChars: number;
  /** Waiting lines beyond this are dropped (a stalled stdout), and the drop is said once it moves. */
  maxWaitingChars: number;
  /** For tests: the write; fs.write by default. */
  write?: (fd: number, block: Buffer, done: (err: Error | null, written: number) => void) => void;
}

export interface LineBuffer {
  write(line: string): void;
  /** Starts writing whatever is waiting (the logger calls it on a timer). */
  flush(): void;
  /** Writes whatever is waiting now, synchronously (at exit). */
  flushSync(): void;
}

const defaultWrite: NonNullable<LineBufferOptions['write']> = (fd, block, done) => fs.write(fd, block, done);

export function createLineBuffer(fd: number, options: LineBufferOptions): LineBuffer {
  const write = options.write ?? defaultWrite;
  let waiting: string[] = [];
  let waitingChars = 0;
  let dropped = 0;
  let writing = false;

  function take(): Buffer {
    if (dropped > 0) waiting.push(`{"level":40,"msg":"${dropped} access lines dropped: stdout did not keep up"}\n`);
    const block = Buffer.from(waiting.join(''));
    waiting = [];
    waitingChars = 0;
    dropped = 0;
    return block;
  }

  function writeFrom(block: Buffer, offset: number): void {
    write(fd, block.subarray(offset), (err, written) => {
      // A short write (a full pipe) continues where it stopped; a failed one is given up.
      if (err === null && offset + written < block.length) return writeFrom(block, offset + written);
      writing = false;
      if (waitingChars >= options.blockChars) flush();
    });
  }

  function flush(): void {
    if (writing || (waitingChars === 0 && dropped === 0)) return;
    writing = true;
    writeFrom(take(), 0);
  }

  return {
    write(line) {
      if (waitingChars + line.length > options.maxWaitingChars) {
        dropped += 1;
        return;
      }
      waiting.push(line);
      waitingChars += line.length;
      if (waitingChars >= options.blockChars) flush();
    },
    flush,
    flushSync() {
      if (waitingChars > 0 || dropped > 0) fs.writeSync(fd, take());
    },
  };
}
