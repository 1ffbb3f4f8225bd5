// Prism writes the headers a document lists among an answer's as values it draws, transport headers too: azure's
// DataLakeStorage lists Content-Length, and Prism's answer carried a Content-Length no client reads ("Invalid
// character in Content-Length": no answer). With --mock that is its own writing (stoplightio/prism#2787, its
// Content-Encoding twin), a note; against any other target, an error.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../contracts/engine/checks.js';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { engineRun } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Paths', version: '1' },
  paths: {
    '/files': {
      put: {
        operationId: 'createFile',
        responses: {
          '201': { description: 'made', headers: { 'Content-Length': { schema: { type: 'integer' } } } },
        },
      },
    },
  },
};

async function run(mock: boolean) {
  // As Prism answers: its drawn "string" as the Content-Length.
  const server = net.createServer((socket) =>
    socket.once('data', () =>
      socket.end('HTTP/1.1 201 Created\r\nContent-Length: string\r\nConnection: close\r\n\r\n'),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  try {
    return await engineRun(engineModel('paths', structuredClone(document) as never), `http://127.0.0.1:${port}`, {
      checks: CHECK_IDS.filter((c) => c === 'not_a_server_error'),
      mock,
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('an answer whose documented Content-Length Prism wrote as a drawn value', () => {
  it('is its own writing with --mock: a note, no error', async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'error' || o.verdict === 'FAIL')).toEqual([]);
    expect(result.notes.map((n) => n.text).join('\n')).toMatch(/transport headers .*\(Content-Length\).*#2787/);
  });

  it('is an error against any other target', async () => {
    const result = await run(false);
    expect(result.outcomes.filter((o) => o.verdict === 'error').map((o) => o.check)).toEqual(['not_a_server_error']);
  });
});
