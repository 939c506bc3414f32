import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Debian's nginx, or null when it is not installed (sbin is not on every user's PATH). */
export function findNginx(): string | null {
  const candidates = [...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')), '/usr/sbin/nginx'];
  return candidates.find((file) => existsSync(file)) ?? null;
}

/**
 * A load balancer on loopback: round-robin over the instances, forwarding what a real proxy does
 * (host, client address, scheme). `X-Upstream` names the instance that answered, so a test can see
 * that both did. Everything nginx writes stays in `dir`.
 */
export function nginxConfig({ dir, port, upstreams }: { dir: string; port: number; upstreams: number[] }): string {
  const temp = (name: string) => path.join(dir, name);
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 256; }
http {
  access_log ${temp('access.log')};
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 60m;
  upstream studio {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://studio;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export function startNginx(binary: string, options: { dir: string; port: number; upstreams: number[] }): ChildProcess {
  mkdirSync(options.dir, { recursive: true });
  const config = path.join(options.dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(options));
  // -e: errors before the config is read go here too, not to /var/log/nginx.
  return spawn(binary, ['-p', options.dir, '-c', config, '-e', path.join(options.dir, 'error.log')], { stdio: 'ignore' });
}
