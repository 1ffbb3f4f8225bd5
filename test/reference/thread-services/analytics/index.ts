// The notes test service as the analytics service of `serve` run from a services folder (each in a thread of its own).
import { notesService } from '../../foundation-notes-service.js';

export const service = notesService('analytics', {
  slowStarted: () => process.stdout.write('analytics slow request started\n'),
  holdStarted: () => process.stdout.write('analytics hold started\n'),
});
