// nginx serving the very bytes the app answers, from disk (precompressed gzip): the reference of the
// throughput benchmarks, the physical limit for a page on this machine.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './bench-support.ts';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** What the app answers a browser on `url` (gzip and plain), for nginx to serve from disk. */
async function bytesOf(url: string): Promise<{ plain: Buffer; gzip: Buffer; type: string }> {
  const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const type = plain.headers.get('content-type') ?? 'text/html';
  // fetch decodes gzip; the raw bytes come from node:http instead.
  const gzip = await new Promise<Buffer>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
  return { plain: Buffer.from(await plain.arrayBuffer()), gzip, type };
}

export interface RunningNginx {
  url: string;
  /** The gzip size of each path as the app served it. */
  gzipBytes: Map<string, number>;
  stop(): void;
}

/** Starts nginx on a free port with a copy of what `appUrl` answers on each of `paths`. */
export async function startNginx(appUrl: string, paths: readonly string[]): Promise<RunningNginx> {
  if (spawnSync(NGINX, ['-v']).error) throw new Error(`${NGINX} is needed: apt-get install -y nginx`);
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-nginx-'));
  chmodSync(dir, 0o755);
  const docroot = path.join(dir, 'root');
  const locations: string[] = [];
  const gzipBytes = new Map<string, number>();
  for (const [index, page] of paths.entries()) {
    const { plain, gzip, type } = await bytesOf(`${appUrl}${page}`);
    gzipBytes.set(page, gzip.length);
    const file = path.join(docroot, `page-${index}`);
    mkdirSync(docroot, { recursive: true });
    writeFileSync(file, plain);
    writeFileSync(`${file}.gz`, gzip);
    locations.push(`location = ${page} { default_type "${type}"; try_files /page-${index} =404; }`);
  }
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes auto; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000; gzip_static on; gzip_vary on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${docroot}; ${locations.join(' ')} }
}
`,
  );
  const child = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    const ok = await fetch(`${url}${paths[0]}`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, gzipBytes, stop: () => child.kill('SIGQUIT') };
}
