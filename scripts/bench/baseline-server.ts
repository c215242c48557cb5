// The bench's baseline: a bare node:http server answering every request with
// the same bytes (the real response captured from the service), from memory, with
// the service's Content-Encoding when it sent one.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, contentType = 'application/json; charset=utf-8', contentEncoding] = process.argv.slice(2);
if (!bodyFile) {
  console.error('usage: baseline-server.ts BODY_FILE [CONTENT_TYPE [CONTENT_ENCODING]]');
  process.exit(2);
}
const body = readFileSync(bodyFile);
const headers = { 'Content-Type': contentType, 'Content-Length': body.length, ...(contentEncoding ? { 'Content-Encoding': contentEncoding } : {}) };

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
