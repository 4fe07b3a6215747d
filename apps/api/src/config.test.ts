import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiEntry } from '../test/server-process.ts';
import { ConfigError, loadConfig } from './config.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.mediaDir).toBe('data/media');
    expect(config.STOREFRONT_TENANT_TOKEN).toBe('khukuri-demo');
  });

  it('names the variable of a wrong value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('refuses an access token lifetime within the client refresh margin of 60 seconds', () => {
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '60' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
    expect(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '600' }).ACCESS_TOKEN_TTL_SECONDS).toBe(600);
    expect(loadConfig({}).ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(loadConfig({}).REFRESH_TOKEN_TTL_SECONDS).toBe(14 * 24 * 3600);
  });

  it('stops the server process at start with a message naming the wrong variable', () => {
    const started = spawnSync(process.execPath, [apiEntry('server')], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('Invalid configuration');
    expect(started.stderr).toMatch(/PORT: /);
  });

  it('trusts no proxy by default, the nearest for true, a hop count, or the listed addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor proxy addresses, naming the variable', () => {
    for (const value of ['yes', '-1', '1.5', '10.0.0.0/33', '10.0.0.1,', 'proxy.internal', '10.0.0.0/8/8']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: /);
    }
  });

  it('treats an empty optional URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
