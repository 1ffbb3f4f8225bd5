// Runs a Node script (argv: script, its arguments) in this process and reports the process's peak resident
// memory on exit as `max-rss <kilobytes>` on stderr: worker threads included, as one process's peak; and its CPU time
// as `cpu-ms <milliseconds>`.
import { pathToFileURL } from 'node:url';

const [script, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], script, ...args];
process.on('exit', () => {
  const usage = process.resourceUsage();
  // CPU time (user + system, all threads) in milliseconds: steadier than wall time on a shared machine.
  const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
  process.stderr.write(`\nmax-rss ${usage.maxRSS}\ncpu-ms ${cpuMs}\n`);
});
await import(pathToFileURL(script).href);
