// The bench's baseline: a bare node:http server answering every request with
// the same bytes (the real response captured from the service), from memory.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, contentType = 'application/json; charset=utf-8'] = process.argv.slice(2);
if (!bodyFile) {
  console.error('usage: baseline-server.ts BODY_FILE [CONTENT_TYPE]');
  process.exit(2);
}
const body = readFileSync(bodyFile);

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
