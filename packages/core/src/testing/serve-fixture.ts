// A tiny service run through serve() + exitOnSignals() in a child process by
// serve.test.ts: GET /slow prints a line when it arrives and answers after SLOW_MS
// (argv[2]); the drain lasts at most DRAIN_MS (argv[3]); the close hook prints a line.
import { exitOnSignals, serve } from '../runtime/serve.ts';

const SLOW_MS = Number(process.argv[2] ?? 600);
const DRAIN_MS = Number(process.argv[3] ?? 5_000);

const serving = await serve({
  name: 'fixture',
  port: 0,
  host: '127.0.0.1',
  limits: { requestTimeoutMs: 30_000, maxConnections: 100, maxBodyBytes: 1024, shutdownDrainMs: DRAIN_MS },
  handler: (req, res) => {
    const answer = () => res.end(JSON.stringify({ path: req.url }));
    if (req.url !== '/slow') return answer();
    console.log('slow request in');
    setTimeout(answer, SLOW_MS);
  },
  close: async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log('deps closed');
  },
});
exitOnSignals(serving, 'fixture');
console.log(`listening ${serving.port}`);
