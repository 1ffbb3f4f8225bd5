// Preloaded into a child process (node --import): writes the process's peak resident memory when it exits, so
// a test can bound what a run held at its worst (resourceUsage's maxRSS, in kilobytes).
process.on('exit', () => {
  process.stderr.write(`\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
