// The static-file baseline: Debian's nginx serving the same bytes as files, one
// worker, no logging — what a CDN edge or a plain static host would do. Each URL of a
// bodies directory (bodies.ts) gets its own file, any other URL the first.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bodyFileName, bodyUrls } from './bodies.ts';

export function nginxInstalled(): boolean {
  return !spawnSync('nginx', ['-v']).error;
}

function config(dir: string, bodiesDir: string, port: number, contentType: string, contentEncoding?: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `  ${name}_temp_path ${dir}/tmp/${name};`,
  );
  // The URLs are the bench's own paths: percent-encoded, no quotes or spaces.
  const files = bodyUrls(bodiesDir).map((url, i) => `    "${url}" /${bodyFileName(i)};`);
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log off;
${temp.join('\n')}
  map_hash_max_size 4096;
  map_hash_bucket_size 256;
  map $request_uri $body_file {
    default /${bodyFileName(0)};
${files.join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      root ${bodiesDir};
      rewrite ^ $body_file break;
      types { }
      default_type "${contentType}";${contentEncoding ? `\n      add_header Content-Encoding ${contentEncoding};` : ''}
    }
  }
}
`;
}

/**
 * Starts nginx serving the bodies directory `bodiesDir` (already encoded with `contentEncoding`, if given) at
 * `port`; resolves once it answers.
 */
export async function startNginx(
  bodiesDir: string,
  contentType: string,
  dir: string,
  port: number,
  contentEncoding?: string,
): Promise<ChildProcess> {
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  writeFileSync(path.join(dir, 'nginx.conf'), config(dir, bodiesDir, port, contentType, contentEncoding));
  const child = spawn('nginx', ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 50; attempt++) {
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not answer on port ${port} (see ${dir}/error.log)`);
}
