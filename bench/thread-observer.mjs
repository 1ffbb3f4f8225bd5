// A preload for the reference benches' server processes (BENCH_SERVER_NODE_ARGS="--import ./bench/thread-observer.mjs",
// BENCH_OBSERVE_DIR=<folder>): every thread of the process writes, once a second, what held its event loop up: the
// loop's delay (perf_hooks' monitor, 1 ms resolution), its utilisation, each garbage collection's kind and pause, and
// the requests it answered, one JSON line a second to <folder>/<pid>-<thread>.ndjson. Nothing else is changed.
import dc from 'node:diagnostics_channel';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';

const dir = process.env.BENCH_OBSERVE_DIR;
if (dir) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}-${threadId}.ndjson`);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let gcs = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcs.push([entry.detail?.kind ?? 0, Number(entry.duration.toFixed(2))]);
  }).observe({ entryTypes: ['gc'] });
  let answered = 0;
  dc.subscribe('http.server.response.finish', () => answered++);
  let utilisation = performance.eventLoopUtilization();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const line = {
      time: Date.now(),
      answered,
      utilisation: Number(performance.eventLoopUtilization(now, utilisation).utilization.toFixed(3)),
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMaxMs: delay.max / 1e6,
      gc: gcs,
    };
    utilisation = now;
    if (answered > 0 || gcs.length > 0) fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
    gcs = [];
    answered = 0;
  }, 1000).unref();
}
