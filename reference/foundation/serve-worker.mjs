// The entry of a serve worker thread: loads tsx in the thread (loader hooks are per thread), then the worker.
import { register } from 'tsx/esm/api';

register();
await import('./serve-worker.ts');
