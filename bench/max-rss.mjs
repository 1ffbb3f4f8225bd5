// Runs a Node script (argv: script, its arguments) in this process and reports the process's peak resident
// memory on exit as `max-rss <kilobytes>` on stderr: worker threads included, as one process's peak.
import { pathToFileURL } from 'node:url';

const [script, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], script, ...args];
process.on('exit', () => process.stderr.write(`\nmax-rss ${process.resourceUsage().maxRSS}\n`));
await import(pathToFileURL(script).href);
