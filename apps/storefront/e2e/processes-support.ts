// Servers of the build started as processes of their own, for the journeys across processes and instances.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serverArgs } from '../../../scripts/lib/server-command.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

/** Starts a built entry (`apps/api/dist/server.js`, `apps/storefront/dist/main.js`); its output goes to `output`. */
export function start(entry: string, env: Record<string, string>, output: string[]): ChildProcess {
  const child = spawn(process.execPath, serverArgs(entry), {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  return child;
}

export async function waitUntilUp(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output.join('')}`);
    const answer = await fetch(url).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer:\n${output.join('')}`);
}

/** Stops the processes (SIGTERM, then SIGKILL after a while), each waited for. */
export async function stopAll(children: ChildProcess[]) {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(killer);
  }
}
