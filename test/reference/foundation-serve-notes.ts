// `serve` (reference/serve.ts) with the notes test service instead of the real ones: the foundation's
// serve, shutdown and crash tests run it as a child process. The positional argument is ignored. It prints
// "slow request started" when a /slow request arrives, so a test can wait for it to be in flight.
import { runServe } from '../../reference/serve.js';
import { notesService } from './foundation-notes-service.js';

await runServe(process.argv.slice(2), {
  resolveServices: () => [
    notesService('analytics', { slowStarted: () => process.stdout.write('slow request started\n') }),
  ],
});
