// A full garbage collection between the phases of one package's generation. Each phase (bundling, ajv's compile,
// the type transform, the client and server printers) leaves hundreds of megabytes of garbage for a large
// document, and V8 lets the heap grow past it rather than collect: left alone, the process's peak was twice what
// any one phase holds live. One full collection between phases (the next phase allocates into the space it freed)
// costs about a millisecond per megabyte kept. The collector is the one Node exposes when started with
// `--expose-gc` (`npm run generate` and the package's bin are); started without it, generation runs the same with a
// higher peak.
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
