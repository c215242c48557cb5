// The bodies directory the byte baselines serve (baseline-server.ts, nginx-baseline.ts): each
// URL of a scenario with the answer the service gave it. Kept apart from processes.ts so the
// bare baseline server loads nothing but this.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A baseline's answers by request URL (path and query, as sent); the first answers any other URL. */
export type Bodies = ReadonlyArray<readonly [url: string, body: Buffer]>;

/** The file of the i-th body in a bodies directory. */
export const bodyFileName = (i: number): string => `body-${i}`;

/** Writes `bodies` as a directory the baselines read: `urls.json` (the URLs in order) and each body in its file. */
export function writeBodies(dir: string, name: string, bodies: Bodies): string {
  const bodiesDir = path.join(dir, name);
  mkdirSync(bodiesDir, { recursive: true });
  bodies.forEach(([, body], i) => writeFileSync(path.join(bodiesDir, bodyFileName(i)), body));
  writeFileSync(path.join(bodiesDir, 'urls.json'), JSON.stringify(bodies.map(([url]) => url)));
  return bodiesDir;
}

/** The URLs of a bodies directory, in order. */
export function bodyUrls(bodiesDir: string): string[] {
  return JSON.parse(readFileSync(path.join(bodiesDir, 'urls.json'), 'utf8')) as string[];
}
