// npx tsx bench/hostile-uploads.ts: `serve generative` in its own process; eight concurrent 64 MB uploads
// (streamed from this process, never held whole here); prints the server's resident memory (VmRSS of
// /proc/<pid>/status, Linux) before and at its peak. Target (issue 22): the uploads raise it by less than 100 MB.
// BENCH_PROTOCOL=multipart sends multipart/related uploads (JSON metadata, then the media) instead of raw ones;
// BENCH_UPLOADS and BENCH_MB change the count and the size; BENCH_ROOT serves another checkout (a before/after
// comparison from one bench).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const ROOT = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'));
const SIZE = Number(process.env.BENCH_MB ?? 64) * 1000 * 1000;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 8);
const MULTIPART = process.env.BENCH_PROTOCOL === 'multipart';
const BOUNDARY = 'bench-boundary-7d1f';
const HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"file":{"displayName":"bench"}}\r\n` +
    `--${BOUNDARY}\r\nContent-Type: application/octet-stream\r\n\r\n`,
);
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

const child = spawn(process.execPath, ['reference/foundation/serve-bin.mjs', 'generative', '--log-level', 'error'], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const m = out.match(/generative listening on (http:\/\/\S+)/);
    if (m) resolve(m[1]!);
  });
  child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
});

const rssMb = () => {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

function upload(): Promise<number> {
  const url = new URL(base);
  const chunk = Buffer.alloc(1024 * 1024, 7);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/upload/v1beta/files',
        headers: {
          'x-goog-api-key': 'test-api-key',
          ...(MULTIPART
            ? {
                'x-goog-upload-protocol': 'multipart',
                'content-type': `multipart/related; boundary=${BOUNDARY}`,
                'content-length': HEAD.length + SIZE + TAIL.length,
              }
            : { 'content-type': 'application/octet-stream', 'content-length': SIZE }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    // A server that refuses mid-body may close the connection: the upload counts as answered 0 unless its answer came.
    req.on('error', () => resolve(0));
    let sent = 0;
    if (MULTIPART) req.write(HEAD);
    const write = () => {
      while (sent < SIZE) {
        const n = Math.min(chunk.length, SIZE - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', write);
      }
      req.end(MULTIPART ? TAIL : undefined);
    };
    write();
  });
}

try {
  await new Promise((r) => setTimeout(r, 500));
  const before = rssMb();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  const statuses = await Promise.all(Array.from({ length: UPLOADS }, upload));
  clearInterval(timer);
  peak = Math.max(peak, rssMb());
  console.log(
    `${UPLOADS} concurrent ${MULTIPART ? 'multipart/related' : 'raw'} uploads of ${SIZE / 1e6} MB to ${ROOT}: statuses ${[...new Set(statuses)].join(', ')}`,
  );
  console.log(
    `server RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, rise ${(peak - before).toFixed(0)} MB (target < 100 MB)`,
  );
} finally {
  child.kill('SIGTERM');
}
