// npx tsx bench/hostile-uploads.ts: `serve generative` in its own process; eight concurrent 64 MB raw uploads
// (streamed from this process, never held whole here); prints the server's resident memory (VmRSS of
// /proc/<pid>/status, Linux) before and at its peak. Target (issue 22): the uploads raise it by less than 100 MB.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SIZE = 64 * 1000 * 1000;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 8);

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
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/upload/v1beta/files',
        headers: {
          'x-goog-api-key': 'test-api-key',
          'content-type': 'application/octet-stream',
          'content-length': SIZE,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < SIZE) {
        const n = Math.min(chunk.length, SIZE - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', write);
      }
      req.end();
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
  console.log(`${UPLOADS} concurrent uploads of ${SIZE / 1e6} MB: statuses ${[...new Set(statuses)].join(', ')}`);
  console.log(
    `server RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, rise ${(peak - before).toFixed(0)} MB (target < 100 MB)`,
  );
} finally {
  child.kill('SIGTERM');
}
