// Runs Prism's mock server on one bundled spec file, as a child process on a loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from './free-port.js';

const require = createRequire(import.meta.url);

export interface PrismProcess {
  baseUrl: string;
  port: number;
  stop(): Promise<void>;
}

function prismBin(): string {
  const pkg = require.resolve('@stoplight/prism-cli/package.json');
  return path.join(path.dirname(pkg), 'dist', 'index.js');
}

export async function startPrism(
  specFile: string,
  options: { port?: number; log?: (line: string) => void; startTimeoutMs?: number } = {},
): Promise<PrismProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [prismBin(), 'mock', '-h', '127.0.0.1', '-p', String(port), '--errors=false', specFile],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  const output: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      output.push(line);
      options.log?.(line);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  await waitForListening(child, output, options.startTimeoutMs ?? 60_000);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    stop: () => stopChild(child),
  };
}

function waitForListening(child: ChildProcess, output: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Prism did not start within ${timeoutMs} ms:\n${output.slice(-20).join('\n')}`));
    }, timeoutMs);
    const check = () => {
      if (output.some((l) => l.includes('Prism is listening'))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with code ${code}:\n${output.slice(-20).join('\n')}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
