import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner.ts';

const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
const DEMO_ACCOUNTS = [
  { email: 'customer@khukuri.example', password: 'Gurkha-blade-1994', role: 'customer' },
  { email: 'owner@khukuri.example', password: 'Sagarmatha-8848', role: 'owner' },
] as const;

describe('what a start prints once it listens', () => {
  it('is the shop’s and the admin’s address, and the demo accounts while they keep their published passwords', () => {
    expect(startBanner('https://shop.example').split('\n')).toEqual([
      'The shop is ready:',
      '  shop   https://shop.example/',
      '  admin  https://shop.example/admin/',
    ]);
    expect(startBanner('http://localhost:8000', DEMO_ACCOUNTS.slice(1)).split('\n').slice(3)).toEqual([
      'Demo accounts (published passwords: this machine only):',
      '  owner@khukuri.example  Sagarmatha-8848  (shop owner, signs in at the admin)',
    ]);
  });

  it('is what the README’s quick start shows under its command', () => {
    const quickStart = readme.slice(
      readme.indexOf('## Quick start'),
      readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
    );
    expect(quickStart).toContain(`INFO  ${startBanner('http://localhost:8000', DEMO_ACCOUNTS)}\n`);
  });
});
