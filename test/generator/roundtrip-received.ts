// What the round trip's own tests (roundtrip-*.test.ts) need around roundTripSuite: the requests the served package
// received, and their document written where the suite reads it.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A request the served package received: its URL, its content type and its body once read. */
export interface Received {
  url: string;
  type: string;
  body: string;
}

/** `listener`, pushing each request to `received` when its body has been read. */
export function recordingListener(listener: http.RequestListener, received: Received[]): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () =>
      received.push({
        url: req.url ?? '',
        type: req.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString(),
      }),
    );
    listener(req, res);
  };
}

/** `document` written as `<name>.json` in a folder of its own, removed after the test file. */
export function writtenDocument(name: string, document: object): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `roundtrip-${name}-`));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const spec = path.join(folder, `${name}.json`);
  fs.writeFileSync(spec, JSON.stringify(document));
  return spec;
}
