// Serves a request listener on a free loopback port (the stubs target, the test doubles).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  baseUrl: string;
  close(): Promise<void>;
}

export async function listenLocal(listener: http.RequestListener): Promise<RunningServer> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
