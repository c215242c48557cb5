import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLineBuffer, type LineBufferOptions } from './line-buffer.ts';

/** A write that takes at most `perCall` bytes per call and finishes when told to. */
function slowWrite(perCall: number) {
  const written: Buffer[] = [];
  const calls: Array<() => void> = [];
  const write: NonNullable<LineBufferOptions['write']> = (_fd, block, done) => {
    calls.push(() => {
      const n = Math.min(perCall, block.length);
      written.push(Buffer.from(block.subarray(0, n)));
      done(null, n);
    });
  };
  const finishAll = () => {
    while (calls.length > 0) calls.shift()!();
  };
  return { write, finishAll, text: () => Buffer.concat(written).toString(), calls };
}

describe('the access line buffer', () => {
  it('writes nothing until a block is full, then the lines whole and in order', () => {
    const sink = slowWrite(Number.POSITIVE_INFINITY);
    const out = createLineBuffer(1, { blockChars: 20, maxWaitingChars: 1_000, write: sink.write });
    out.write('one\n');
    out.write('two\n');
    expect(sink.calls).toHaveLength(0);
    out.write('three three three\n');
    expect(sink.calls).toHaveLength(1);
    sink.finishAll();
    expect(sink.text()).toBe('one\ntwo\nthree three three\n');
  });

  it('keeps one write in flight, continues a short write and sends what came meanwhile next', () => {
    const sink = slowWrite(5);
    const out = createLineBuffer(1, { blockChars: 8, maxWaitingChars: 1_000, write: sink.write });
    out.write('aaaaaaaa\n');
    out.write('bbbbbbbb\n');
    expect(sink.calls).toHaveLength(1);
    sink.finishAll();
    expect(sink.text()).toBe('aaaaaaaa\nbbbbbbbb\n');
  });

  it('flush writes a block that is not full', () => {
    const sink = slowWrite(Number.POSITIVE_INFINITY);
    const out = createLineBuffer(1, { blockChars: 1_000, maxWaitingChars: 10_000, write: sink.write });
    out.write('lonely\n');
    out.flush();
    sink.finishAll();
    expect(sink.text()).toBe('lonely\n');
  });

  it('drops lines beyond the bound while the write is stalled, and says how many', () => {
    const sink = slowWrite(Number.POSITIVE_INFINITY);
    const out = createLineBuffer(1, { blockChars: 4, maxWaitingChars: 10, write: sink.write });
    out.write('1234\n'); // written: the stalled write
    for (const line of ['aaaa\n', 'bbbb\n', 'cccc\n', 'dddd\n']) out.write(line);
    sink.finishAll();
    expect(sink.text()).toBe('1234\naaaa\nbbbb\n{"level":40,"msg":"2 access lines dropped: stdout did not keep up"}\n');
  });

  it('flushSync writes what is waiting to the file at once', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'line-buffer-')), 'out.log');
    const fd = fs.openSync(file, 'w');
    const out = createLineBuffer(fd, { blockChars: 1_000, maxWaitingChars: 10_000 });
    out.write('at exit\n');
    out.flushSync();
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe('at exit\n');
  });
});
