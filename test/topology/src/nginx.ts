// nginx as production runs it in front of the services: a TLS-terminating load
// balancer for the API (two edges) and the portal, an internal balancer for the
// two calcs, and the CDN origin serving static-data/dist. Loopback only.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

export interface NginxPorts {
  api: number;
  portal: number;
  calc: number;
  cdn: number;
}

export interface NginxUpstreams {
  edges: number[];
  calcs: number[];
  portal: number;
  contentDir: string;
}

export interface Nginx {
  cert: Buffer;
  certPath: string;
  /** Path of the nginx.conf written for this run. */
  config: string;
  stop(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made for this run with openssl. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

const servers = (ports: number[]) =>
  ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join(' ');

function configText(dir: string, ports: NginxPorts, up: NginxUpstreams, tls: { cert: string; key: string }): string {
  // Idempotent GETs are retried on the other edge when one fails to answer
  // (connection refused or reset, timeout, 502 or 504). A 503 is not retried: it
  // is the service's own answer (a dependency down, Retry-After), not a dead instance.
  const proxy = `proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_504; proxy_next_upstream_tries 3; proxy_connect_timeout 2s;`;
  // Workers run as this test's own user: a clone under a 0700 directory (mktemp -d) is
  // unreadable to nginx's default worker user, and every content read would be a 403.
  return `
user ${userInfo().username};
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  types { application/json json; }
  upstream edges { ${servers(up.edges)} keepalive 16; }
  upstream calcs { ${servers(up.calcs)} keepalive 16; }
  upstream portal { server 127.0.0.1:${up.portal}; }
  server { listen 127.0.0.1:${ports.cdn}; root ${up.contentDir}; }
  server { listen 127.0.0.1:${ports.calc}; location / { proxy_pass http://calcs; ${proxy} } }
  server {
    listen 127.0.0.1:${ports.api} ssl; ssl_certificate ${tls.cert}; ssl_certificate_key ${tls.key};
    location / { proxy_pass http://edges; ${proxy} }
  }
  server {
    listen 127.0.0.1:${ports.portal} ssl; ssl_certificate ${tls.cert}; ssl_certificate_key ${tls.key};
    location / { proxy_pass http://portal; ${proxy} }
  }
}
`;
}

export async function startNginx(dir: string, ports: NginxPorts, upstreams: NginxUpstreams): Promise<Nginx> {
  mkdirSync(dir, { recursive: true });
  const tls = makeCertificate(dir);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, configText(dir, ports, upstreams, tls));
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  // nginx is up when its CDN port answers.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    if (
      await fetch(`http://127.0.0.1:${ports.cdn}/manifest.json`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    cert: readFileSync(tls.cert),
    certPath: tls.cert,
    config: conf,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
