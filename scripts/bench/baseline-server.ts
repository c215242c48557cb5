// The bench's baseline: a bare node:http server answering with the service's own bytes
// (its real responses, captured), from memory, with the service's Content-Encoding when
// it sent one. Given a bodies directory (bodies.ts), each URL gets its own
// answer, any other URL the first; given a file, every request gets that file.
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { bodyFileName, bodyUrls } from './bodies.ts';

const [bodies, contentType = 'application/json; charset=utf-8', contentEncoding] = process.argv.slice(2);
if (!bodies) {
  console.error('usage: baseline-server.ts BODY_FILE|BODIES_DIR [CONTENT_TYPE [CONTENT_ENCODING]]');
  process.exit(2);
}

type Answer = { body: Buffer; headers: http.OutgoingHttpHeaders };
const answerOf = (body: Buffer): Answer => ({
  body,
  headers: {
    'Content-Type': contentType,
    'Content-Length': body.length,
    ...(contentEncoding ? { 'Content-Encoding': contentEncoding } : {}),
  },
});
const byUrl = new Map<string, Answer>();
if (statSync(bodies).isDirectory()) {
  bodyUrls(bodies).forEach((url, i) => byUrl.set(url, answerOf(readFileSync(path.join(bodies, bodyFileName(i))))));
} else {
  byUrl.set('/', answerOf(readFileSync(bodies)));
}
const first = byUrl.values().next().value!;

const server = http.createServer((request, response) => {
  const { body, headers } = byUrl.get(request.url ?? '/') ?? first;
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
