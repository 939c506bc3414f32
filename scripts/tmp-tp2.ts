import autocannon from 'autocannon';
import { startServer } from './bench-support.ts';
const s = await startServer({ BUILD_DIR: 'build-lead' });
const r0 = await fetch(s.url + '/', { headers: { 'accept-encoding': 'gzip' } });
console.log('enc', r0.headers.get('content-encoding'), r0.headers.get('x-page-cache'));
for (let i = 0; i < 3; i++) {
  const r = await autocannon({ url: s.url + '/', connections: 10, duration: 5, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  console.log(
    '/',
    r.requests.average.toFixed(0),
    'p99',
    r.latency.p99,
    'bytes/req',
    (r.throughput.average / r.requests.average).toFixed(0),
  );
}
await s.stop();
