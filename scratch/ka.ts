import { createServer } from 'node:http';
import { connect } from 'node:net';
const server = createServer({ requestTimeout: 0, keepAliveTimeout: 5000 }, (req, res) => { if (req.url === '/a') res.end('ok'); else req.on('data', () => {}); });
server.setTimeout(400); server.on("request", (req) => req.socket.setTimeout(400));
server.listen(0, () => {
  const port = (server.address() as any).port;
  const s = connect(port, '127.0.0.1');
  const t0 = Date.now();
  s.write('GET /a HTTP/1.1\r\nHost: x\r\n\r\n');
  s.once('data', () => { s.write('PUT /b HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc'); });
  s.on('close', () => { console.log('closed after', Date.now() - t0); process.exit(0); });
  setTimeout(() => { console.log('still open after 3s'); process.exit(0); }, 3000);
});
