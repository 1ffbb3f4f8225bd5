// The notes test service as the generative service of `serve` run from a services folder (each in a thread of its own).
import { notesService } from '../../foundation-notes-service.js';

export const service = notesService('generative', {
  slowStarted: () => process.stdout.write('generative slow request started\n'),
  holdStarted: () => process.stdout.write('generative hold started\n'),
});
