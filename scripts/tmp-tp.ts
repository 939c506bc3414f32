import autocannon from 'autocannon';
import { startServer } from './bench-support.ts';
const s = await startServer({ BUILD_DIR: 'build-lead', LOG_LEVEL: process.env.LL ?? 'warn' });
for (const p of ['/healthz', '/privacy-policy', '/about', '/']) {
  const r = await autocannon({ url: s.url + p, connections: 10, duration: 5 });
  console.log(p, r.requests.average.toFixed(0), 'req/s p99', r.latency.p99);
}
const r = await autocannon({ url: s.url + '/', connections: 10, duration: 5, headers: { 'accept-encoding': 'identity' } });
console.log('/ no gzip', r.requests.average.toFixed(0));
await s.stop();
