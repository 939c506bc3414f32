// A TCP port that is free on loopback right now: `freePort()` for scripts and tests, or printed when
// run as a script (playwright.config.ts picks its servers' ports this way, before any worker starts).
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) console.log(await freePort());
