// The server under test: the production build of the whole shop in one process (apps/storefront/dist/main.js: the
// API with the storefront registered on it), started as `npm start` runs it (its Node flags, scripts/lib/
// server-command.mjs, and its settings, scripts/lib/quick-start.mjs), on a loopback port of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { quickStartEnv } from '../../../scripts/lib/quick-start.mjs';
import { serverArgs } from '../../../scripts/lib/server-command.mjs';

const STOREFRONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../storefront');
const ENTRY = path.join(STOREFRONT_DIR, 'dist/main.js');
const BARE_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server.ts');

/** Fails with what to do when the production build is missing. */
export function assertProductionBuild(): void {
  const missing = [ENTRY, path.join(STOREFRONT_DIR, 'build/server/index.js')].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The production build is missing (${missing.map((file) => path.relative(process.cwd(), file)).join(', ')}): ` +
        'run `npm run bench` from the repository root (it builds first), or `npm run build` before this script.',
    );
  }
}

export interface RunningServer {
  origin: string;
  /** CPU time the server process has used so far, in ms (user and system; Linux only, else null). */
  cpuMs: () => number | null;
  stop: () => Promise<void>;
}

/**
 * Starts the production server with `env` (added to PATH only: nothing of this shell's configuration leaks in) and
 * resolves once /api/health/ answers. With `profileDir`, the process writes a V8 CPU profile there when it stops; with
 * `logFile`, its standard output (the request log) goes to that file instead of this terminal.
 */
export async function startServer(
  env: Record<string, string>,
  options: { profileDir?: string; logFile?: string } = {},
) {
  const flags = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  return spawnServer([...flags, ...serverArgs(ENTRY)], quickStartEnv(env), options.logFile);
}

/** The same server started bare: `node` and the built entry, no flag (the comparison the start command is held to). */
export async function startBareEntry(env: Record<string, string>, options: { logFile?: string } = {}) {
  return spawnServer([ENTRY], quickStartEnv(env), options.logFile);
}

/** Starts the reference: a bare Fastify answering /api/health/ with `body` as `contentType` (bare-server.ts). */
export async function startBareServer(body: string, contentType: string) {
  return spawnServer([BARE_ENTRY], { BARE_BODY: body, BARE_CONTENT_TYPE: contentType });
}

async function spawnServer(args: string[], env: Record<string, string>, logFile?: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const out = logFile ? fs.openSync(logFile, 'a') : 'inherit';
  const child = spawn(process.execPath, args, {
    cwd: STOREFRONT_DIR,
    env: { PATH: process.env.PATH ?? '', ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: origin },
    stdio: ['ignore', out, 'inherit'],
  });
  if (typeof out === 'number') fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone)
      throw new Error(`The server stopped while starting (its output is ${logFile ? `in ${logFile}` : 'above'}).`);
    try {
      if ((await fetch(`${origin}/api/health/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stopChild(child, exited);
      throw new Error('The server did not answer /api/health/ within two minutes.');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, cpuMs: () => cpuMsOf(child.pid), stop: () => stopChild(child, exited) } satisfies RunningServer;
}

/** SIGTERM (the server lets requests finish and closes its database), then SIGKILL if it hangs. */
async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** utime + stime of a process from /proc (in clock ticks of 10 ms on Linux). */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}
