// `serve` (reference/serve.ts) with the notes test service instead of the real ones: the foundation's
// serve, shutdown and crash tests run it as a child process. The positional argument is ignored.
import { runServe } from '../../reference/serve.js';
import { notesService } from './foundation-notes-service.js';

await runServe(process.argv.slice(2), () => [notesService('analytics')]);
