// A full garbage collection between the phases of one package's generation. Each phase (bundling, ajv's compile,
// the type transform, the client and server printers) leaves hundreds of megabytes of garbage for a large
// document, and V8 lets the heap grow past it rather than collect: left alone, the process's peak was twice what
// any one phase holds live. One full collection between phases (the next phase allocates into the space it freed) costs about a millisecond per megabyte kept.
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) gc = exposed;
    else {
      // The flag makes `gc` a global of contexts created from now on; one such context hands it over.
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    }
  }
  gc();
}
