// A full garbage collection between the phases of one package's generation. Each phase (bundling, ajv's compile,
// the type transform, the client and server printers) leaves hundreds of megabytes of garbage for a large
// document, and V8 lets the heap grow past it rather than collect: left alone, the process's peak was twice what
// any one phase holds live. One full collection between phases (the next phase allocates into the space it freed)
// costs about a millisecond per megabyte kept. The collector is the one Node exposes when started with
// `--expose-gc` (`npm run generate` and the package's bin are); started without it, generation runs the same with a
// higher peak.
import v8 from 'node:v8';

/**
 * Below this much heap in use there is no peak to save: it is mostly the libraries loaded (about 50-80 MB) and a
 * small document's few megabytes, and a full collection there marks all of it to free little (about a tenth of a
 * small document's CPU for the two collections: docs/adr/0008). GitHub's document is past it at both.
 */
const WORTH_COLLECTING_BYTES = 100 * 2 ** 20;

export function collectGarbage(): void {
  if (v8.getHeapStatistics().used_heap_size < WORTH_COLLECTING_BYTES) return;
  (globalThis as { gc?: () => void }).gc?.();
}
