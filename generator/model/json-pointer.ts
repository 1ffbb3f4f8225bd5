// The model's JSON pointers are the generated runtime's: one module (templates/runtime/server/json-pointer.ts).
// The runtime ships inside every package, so the implementation lives there and the generator takes it from there.
export * from '../../templates/runtime/server/json-pointer.js';
