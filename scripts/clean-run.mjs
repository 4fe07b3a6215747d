// A clean run prints no warnings: builds the shop, starts it as `npm start` does (embedded database, demo shop
// seeded) on a free port, loads a few pages, stops it, and fails when the build or the server printed any warning
// or deprecation notice. Run it on a Node the project supports (`engines`): on an older one, the tools' own notices
// about that Node are warnings too. The only lines let through are npm's notices about this machine's own npm
// configuration (`npm warn Unknown user config …`), which no project can change.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/net.mjs';
import { quickStartEnv } from './lib/quick-start.mjs';
import { serverArgs } from './lib/server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WARNING = /warn|deprecat|oops|error|\bfail/i;
const MACHINE_NPM_CONFIG = /^npm warn Unknown (user|env|project|global|builtin) config /;
// The bundler's list of what it wrote: file names ("error-box-….js") are no notices.
const ASSET_LINE = /^(build|dist)\/\S+\s+[\d.,]+ kB/;
const PAGES = ['/', '/products', '/products?search=kukris', '/products/angkhola-khukuri', '/blog'];

const problems = [];
function check(stage, text) {
  for (const line of text.split('\n')) {
    const text = line.trim();
    if (WARNING.test(text) && !MACHINE_NPM_CONFIG.test(text) && !ASSET_LINE.test(text)) {
      problems.push(`${stage}: ${text}`);
    }
  }
}

console.log(`Node ${process.version}: building…`);
const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', env: process.env });
check('build', `${build.stdout}\n${build.stderr}`);
if (build.status !== 0) {
  console.error(build.stdout, build.stderr);
  console.error('The build failed.');
  process.exit(1);
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clean-run-'));
// As `npm start` runs it, with the shop's address given and its logs as JSON (one line per request at info level).
const server = spawn(process.execPath, serverArgs('apps/storefront/dist/main.js'), {
  cwd: root,
  env: {
    ...quickStartEnv(process.env),
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_FORMAT: 'json',
  },
});
let output = '';
server.stdout.on('data', (chunk) => {
  output += chunk;
});
server.stderr.on('data', (chunk) => {
  output += chunk;
});

const base = `http://127.0.0.1:${port}`;
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${base}/api/ready/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const page of PAGES) {
    const response = await fetch(`${base}${page}`);
    await response.arrayBuffer();
    if (response.status !== 200) problems.push(`start: ${page} answered ${response.status}`);
  }
  // The quick start serves the demo shop with the accounts the README publishes (on this machine only).
  const login = await fetch(`${base}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-token': 'khukuri-demo' },
    body: JSON.stringify({ login_id: 'customer@khukuri.example', password: 'Gurkha-blade-1994' }),
  });
  if (login.status !== 200) problems.push(`start: the demo customer's sign-in answered ${login.status}`);
} catch (error) {
  problems.push(`start: ${error.message}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
// Log lines are JSON: a warning is any line of level 40 (warn) or more; other lines are read as text.
for (const line of output.split('\n')) {
  if (!line.trim()) continue;
  let record = null;
  try {
    record = JSON.parse(line);
  } catch {
    check('start', line);
    continue;
  }
  if (typeof record?.level === 'number' && record.level >= 40) problems.push(`start: ${line}`);
}

if (problems.length > 0) {
  console.error(`A clean run printed ${problems.length} warning line(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `A clean build and start on Node ${process.version} printed no warnings (${PAGES.length} pages loaded, the demo ` +
    'customer signed in).',
);
