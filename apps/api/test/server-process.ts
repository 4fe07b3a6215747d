// The API as a real server process (`src/server.ts`, bundled as the build bundles it), for tests that stop, kill and
// restart it, and its platform command (`src/cli.ts`).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_NODE_FLAGS } from '../../../scripts/lib/server-command.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundles = new Map<string, string>();
let bundleFolder: string | undefined;

/**
 * The file that runs one of the API's entries (`src/server.ts`, `src/cli.ts`) as the build makes it: bundled once per
 * test process by the build's own script, so that each process a test starts loads one file rather than transpiling
 * the source tree (2 to 3 s a start). Run it with `node` from the API's folder; removed when the test process ends.
 */
export function apiEntry(name: 'server' | 'cli'): string {
  const known = bundles.get(name);
  if (known) return known;
  if (!bundleFolder) {
    // Inside the workspace, so that the bundle's npm imports resolve as the build's do.
    const cache = path.join(apiDir, 'node_modules', '.cache');
    fs.mkdirSync(cache, { recursive: true });
    const folder = fs.mkdtempSync(path.join(cache, 'test-entries-'));
    process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    bundleFolder = folder;
  }
  const file = path.join(bundleFolder, `${name}.js`);
  execFileSync(process.execPath, [path.resolve(apiDir, '../../scripts/bundle.mjs'), `src/${name}.ts`, file], {
    cwd: apiDir,
    stdio: 'inherit',
  });
  bundles.set(name, file);
  return file;
}

/** The arguments of `node` that run the platform command with `args`, as `npm run platform` runs it. */
export function commandArgs(args: string[]): string[] {
  return [...COMMAND_NODE_FLAGS, apiEntry('cli'), ...args];
}

export interface ServerProcess {
  readonly origin: string;
  readonly child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Ends it with SIGKILL (no shutdown of any kind) and resolves once it is gone. */
  kill(): Promise<void>;
  /**
   * Stops it as a deployment does (SIGTERM: requests in flight, jobs and event deliveries under way finish first) and
   * resolves once it is gone; SIGKILL after 30 s.
   */
  stop(): Promise<void>;
}

/**
 * The environment of `src/server.ts` in a test: a quiet production configuration without the demo shop or jobs that
 * would change orders, under `env` (a variable given as undefined is left unset).
 */
export function serverEnv(port: number, env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const merged: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ORDER_EXPIRY_INTERVAL_SECONDS: '0',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    LOW_STOCK_MAIL_INTERVAL_SECONDS: '0',
    CURRENCY_RATES_INTERVAL_SECONDS: '0',
    ABANDONED_CART_REMINDER_MINUTES: '0',
    ...env,
  };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
}

/** Starts the server entry (`apiEntry`) on `port` (see `serverEnv`) and resolves once `/api/health/` answers. */
export async function startServer(port: number, env: Record<string, string | undefined>): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, [apiEntry('server')], {
    cwd: apiDir,
    env: serverEnv(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${origin}/api/health/`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    child,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(late);
    },
  };
}
