// Request listeners served on 127.0.0.1 for one test file, all closed after its tests.
import type http from 'node:http';
import { afterAll } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';

/** A `serve(listener)` that answers the base URL of a new loopback server; the file's servers close in afterAll. */
export function localServers(): (listener: http.RequestListener) => Promise<string> {
  const running: RunningServer[] = [];
  afterAll(() => Promise.all(running.map((s) => s.close())));
  return async (listener) => {
    const server = await listenLocal(listener);
    running.push(server);
    return server.baseUrl;
  };
}
