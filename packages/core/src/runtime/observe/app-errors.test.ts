import { Writable } from 'node:stream';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { logAppErrors } from './app-errors.ts';
import { replaceLogDestination } from './logger.ts';

describe('logAppErrors', () => {
  it('says nothing of a client gone mid-answer and logs any other error as one JSON line', () => {
    const lines: string[] = [];
    replaceLogDestination(new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }));
    const app = new Koa();
    logAppErrors(app, 'edge');
    app.emit('error', Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    expect(lines).toHaveLength(0);
    app.emit('error', new Error('disk gone'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ service: 'edge', err: { message: 'disk gone' } });
  });
});
