// Makes sure a Chromium for the browser tests is on this machine: installs Debian's package when running as root.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);

const found = CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate));
if (found) {
  process.exit(0);
}
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log('Chromium not found: installing the Debian package "chromium"…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (!fs.existsSync('/usr/bin/chromium')) {
    console.error('Installing chromium did not produce /usr/bin/chromium.');
    process.exit(1);
  }
} else {
  console.error(
    'The browser tests need Chromium. Install it with `sudo apt-get install chromium` ' +
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary), then run the tests again.',
  );
  process.exit(1);
}
