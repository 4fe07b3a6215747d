/// <reference path="./fs-native-extensions.d.ts" />
// The platform's own files (the embedded database, the token secret, the mail outbox) are readable by the account
// that runs it only; the embedded database is opened by one process at a time.
import fs from 'node:fs';
import path from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';

/** Creates a folder readable by its owner only (0700), and narrows an existing one to that. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

export class DirectoryInUseError extends Error {
  constructor(readonly directory: string) {
    super(
      `The embedded database in ${directory} is in use by another process (a running server, here or in another ` +
        'container on the same volume?). Two processes must never open it at once: stop that process first, or run ' +
        'both on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DirectoryInUseError';
  }
}

/**
 * Takes `<dir>.lock` for this process: an OS lock on the file (Linux: an open file description lock, fcntl), which
 * the kernel keeps for every process on the machine whatever its PID namespace (two containers on one volume), and
 * releases when the process ends, however it ends. A second lock, from another process or from this one, is refused
 * with `DirectoryInUseError` while it is held. The file keeps the last holder's pid, for information only. Returns the
 * release.
 */
export function lockDirectory(dir: string): () => void {
  const directory = path.resolve(dir);
  // NOTE: the file is never removed: a process that opened it before its removal would lock a file nobody else sees.
  const fd = fs.openSync(`${directory}.lock`, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  try {
    if (!tryLock(fd)) throw new DirectoryInUseError(directory);
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, String(process.pid), 0);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    unlock(fd);
    fs.closeSync(fd);
  };
}
