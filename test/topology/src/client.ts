// HTTPS client for the load balancer (trusting this run's certificate) and a
// load loop that tallies every outcome.
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
  /** name=value of each Set-Cookie. */
  cookies: string[];
}

const cookiesOf = (headers: IncomingHttpHeaders) => (headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!);

export function createClient(cert: Buffer) {
  const agent = new https.Agent({ ca: cert, keepAlive: true, maxSockets: 32 });
  /** A browser-like form post (the page's https Origin), no redirects followed. */
  function post(url: string, fields: Record<string, string>): Promise<Answer> {
    const body = new URLSearchParams(fields).toString();
    return new Promise((resolve, reject) => {
      const request = https.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            Origin: new URL(url).origin,
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              retryAfter: response.headers['retry-after'] ?? null,
              body: text,
              cookies: cookiesOf(response.headers),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
  return Object.assign(get, { post });

  function get(url: string, key?: string, cookie?: string): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (key) headers['X-API-Key'] = key;
    if (cookie) headers.Cookie = cookie;
    return new Promise((resolve, reject) => {
      const request = https.get(url, { agent, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'] ?? null,
            body,
            cookies: cookiesOf(response.headers),
          }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  }
}

export interface Tally {
  /** Answers by status code; "error" = no HTTP answer at all. */
  byStatus: Record<string, number>;
  /** 503s without a Retry-After header, or with a non-JSON body. */
  badUnavailable: number;
  total: number;
}

/** Sends requests from `workers` loops until stop() resolves; counts every outcome. */
export function runLoad(
  get: (url: string, key: string) => Promise<Answer>,
  url: string,
  key: string | (() => string),
  workers = 6,
) {
  const nextKey = typeof key === 'string' ? () => key : key;
  const tally: Tally = { byStatus: {}, badUnavailable: 0, total: 0 };
  let running = true;
  const loop = async () => {
    while (running) {
      const answer = await get(url, nextKey()).catch(() => null);
      const label = answer === null ? 'error' : String(answer.status);
      tally.byStatus[label] = (tally.byStatus[label] ?? 0) + 1;
      tally.total += 1;
      if (answer?.status === 503 && (answer.retryAfter === null || !answer.body.startsWith('{')))
        tally.badUnavailable += 1;
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    tally,
    async stop(): Promise<Tally> {
      running = false;
      await Promise.all(loops);
      return tally;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
