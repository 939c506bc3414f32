import { request } from 'node:http';

/**
 * PUTs `size` bytes to an http URL without holding them: `head` first, then zeros, 1 MiB at a time,
 * with a declared Content-Length (as a browser sends a file). For uploads of hundreds of MB in tests.
 */
export function putStream(url: string, size: number, head: Buffer = Buffer.alloc(0)): Promise<{ status: number; etag: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'Content-Length': String(size), 'Content-Type': 'application/octet-stream' } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? '') }));
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const zeros = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const pump = () => {
      while (!answered && sent < size) {
        const chunk =
          sent < head.length ? head.subarray(sent, Math.min(head.length, size)) : zeros.subarray(0, Math.min(zeros.length, size - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}
