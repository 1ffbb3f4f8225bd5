// A throwaway PostgreSQL server for tests and benchmarks: Debian's server binaries (postgresql-<n>, found under
// /usr/lib/postgresql/<n>/bin, or $POSTGRES_BIN), a new cluster in a temporary directory, a free port on
// loopback, and everything removed afterwards (also when the process exits without stopping it).
// initdb refuses to run as root: as root the cluster belongs to the `postgres` user (setpriv drops to it).
// The cluster runs with fsync off: what the tests kill is a reference instance, never this server, and
// the commits of the instances are still acknowledged only once PostgreSQL has committed them.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** A new empty database on this server; answers its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Drops a database, ending the sessions still open on it. */
  dropDatabase(name: string): Promise<void>;
  /** Stops the server (fast shutdown) and removes its directory. */
  stop(): Promise<void>;
}

/** The directory holding initdb and postgres, or undefined when this machine has no PostgreSQL server. */
export function findPostgresBinaries(): string | undefined {
  const candidates: string[] = [];
  if (process.env.POSTGRES_BIN) candidates.push(process.env.POSTGRES_BIN);
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres')));
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresUnavailable(): string | undefined {
  if (findPostgresBinaries()) return undefined;
  return "no PostgreSQL server binaries (initdb, postgres) under /usr/lib/postgresql/*/bin or $POSTGRES_BIN: install Debian's postgresql package (.ci/run does)";
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as an unprivileged user: as is, or as `postgres` when this process is root. */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [binary, args];
  return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', binary, ...args]];
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error(postgresUnavailable());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-pg-'));
  const data = path.join(dir, 'data');
  let child: ChildProcess | undefined;
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  // If this process ends without stop(): the server goes too (immediate shutdown), and its files.
  const onExit = () => {
    child?.kill('SIGQUIT');
    removeDir();
  };
  process.once('exit', onExit);
  try {
    if (process.getuid?.() === 0) {
      fs.chmodSync(dir, 0o755);
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      fs.chownSync(dir, uid, gid);
    }
    const [initdb, initArgs] = asServerUser(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    execFileSync(initdb, initArgs, { stdio: 'pipe' });
    // The port is free when asked; another process may take it before postgres binds it: then try another.
    for (let attempt = 0; ; attempt += 1) {
      const port = await freePort();
      const [postgres, args] = asServerUser(path.join(bin, 'postgres'), [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        '-c',
        'fsync=off',
        '-c',
        'max_connections=200',
      ]);
      child = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      const started = await readyOrExit(child);
      if (started.ready) return server(port, child, dir, onExit);
      if (attempt >= 3 || !/could not bind|Address already in use/i.test(started.log))
        throw new Error(`postgres did not start: ${started.log.slice(-2000)}`);
    }
  } catch (error) {
    process.off('exit', onExit);
    child?.kill('SIGQUIT');
    if (child && child.exitCode === null) await new Promise((resolve) => child!.once('exit', resolve));
    removeDir();
    throw error;
  }
}

/** Resolves once the server logs that it accepts connections, or once it exits (with its log). */
function readyOrExit(child: ChildProcess): Promise<{ ready: boolean; log: string }> {
  return new Promise((resolve) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes('database system is ready to accept connections')) {
        child.stderr!.off('data', onData);
        // Keep draining its log, so a full pipe never blocks the server.
        child.stderr!.resume();
        resolve({ ready: true, log });
      }
    };
    child.stderr!.on('data', onData);
    child.once('exit', () => resolve({ ready: false, log }));
  });
}

/** Runs one statement on the server's maintenance database. */
async function administer(url: string, statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function server(port: number, child: ChildProcess, dir: string, onExit: () => void): PostgresServer {
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  let stopped: Promise<void> | undefined;
  return {
    url,
    port,
    async createDatabase(name = `test_${process.pid}_${++databases}`) {
      await administer(url, `CREATE DATABASE "${name}"`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async dropDatabase(name) {
      await administer(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
    stop() {
      stopped ??= (async () => {
        process.off('exit', onExit);
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          // SIGINT: fast shutdown (open sessions are ended, nothing waits for clients).
          child.kill('SIGINT');
          await exited;
        }
        fs.rmSync(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
