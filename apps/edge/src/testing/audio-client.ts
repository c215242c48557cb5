// Requests to the audio route as a player sends them: the path byte for byte, signed with
// the test secret.
import { request } from 'node:http';
import { signPath } from '../audio/signing.ts';
import { TEST_SECRET } from './edge-harness.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Sends the path byte for byte (fetch would normalise dot segments and backslashes). */
export function rawRequest(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject).end();
  });
}

/** `path` with a valid signature over exactly these bytes (no URL normalisation). */
export function signed(path: string, expires = Math.floor(Date.now() / 1000) + 600): string {
  return `${path}?expires=${expires}&signature=${signPath(TEST_SECRET, path, expires)}`;
}

export const jsonOf = (res: RawResponse) => JSON.parse(res.body.toString('utf8'));
