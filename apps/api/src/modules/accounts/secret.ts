import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from '../../config.ts';
import { ensurePrivateDir } from '../../lib/private-files.ts';

/**
 * The token signing secret: JWT_SECRET, or on the embedded database a random secret generated once and kept in
 * DATA_DIR. On PostgreSQL several instances must share it, so there JWT_SECRET is required.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.DATABASE_URL) {
    throw new ConfigError([
      'JWT_SECRET: required with DATABASE_URL (every instance must sign tokens with the same secret)',
    ]);
  }
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  ensurePrivateDir(config.DATA_DIR);
  if (fs.existsSync(file)) {
    fs.chmodSync(file, 0o600);
    return fs.readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
