// Makes sure a Chromium for the browser tests is on this machine: installs Debian's packages when running as root.
// The journeys run in Chromium's headless shell (package `chromium-headless-shell`: the same Blink without the
// desktop browser's display pipeline; a journey takes about four fifths of the time), else in Chromium itself;
// Lighthouse always runs in Chromium (`scripts/lighthouse.mjs`), as a shopper's browser.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

// NOTE: apps/storefront/playwright.config.ts picks the binary in the same order.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const BROWSERS = [HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

ensure();

function ensure() {
  const missing = [
    ...(fs.existsSync('/usr/bin/chromium') ? [] : ['chromium']),
    ...(fs.existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
  ];
  if (process.env.CHROMIUM_PATH || missing.length === 0) return;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`Installing the Debian packages ${missing.join(' and ')}…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
      stdio: 'inherit',
    });
    if (!fs.existsSync('/usr/bin/chromium') || !fs.existsSync(HEADLESS_SHELL)) {
      console.error(`Installing ${missing.join(' and ')} did not produce /usr/bin/chromium and ${HEADLESS_SHELL}.`);
      process.exit(1);
    }
  } else if (!BROWSERS.some((browser) => fs.existsSync(browser))) {
    console.error(
      'The browser tests need Chromium. Install it with `sudo apt-get install chromium chromium-headless-shell` ' +
        '(or set CHROMIUM_PATH to a Chromium or Chrome binary), then run the tests again.',
    );
    process.exit(1);
  }
}
