import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { supportedNode } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the Node the start scripts ask for', () => {
  it('is what package.json `engines` and .nvmrc say', () => {
    const { engines } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(engines.node).toBe('^22.22.0 || >=24.0.0');
    expect(fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim()).toBe('24');
    expect(fs.readFileSync(path.join(root, '.node-version'), 'utf8').trim()).toBe('24');
    expect(['20.20.2', '22.21.9', '23.11.0'].filter((version) => supportedNode(version))).toEqual([]);
    expect(['22.22.0', '24.0.0', '24.21.0', '26.1.0'].every((version) => supportedNode(version))).toBe(true);
  });
});
