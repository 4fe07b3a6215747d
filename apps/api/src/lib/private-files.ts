// The platform's own files (the embedded database, the token secret, the mail outbox) are readable by the account
// that runs it only; the embedded database is opened by one process at a time.
import fs from 'node:fs';
import path from 'node:path';

/** Creates a folder readable by its owner only (0700), and narrows an existing one to that. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

export class DirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${directory} is in use by process ${pid} (a running server?). Two processes must ` +
        'never open it at once: stop that process first, or run both on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DirectoryInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The locks this process holds. */
const heldHere = new Set<string>();

/**
 * Takes `<dir>.lock` for this process (its pid inside, created exclusively); a lock left by a process that is gone is
 * taken over. Throws `DirectoryInUseError` while another live process holds it. Returns the release.
 */
export function lockDirectory(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  if (heldHere.has(file)) throw new DirectoryInUseError(path.resolve(dir), process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      heldHere.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      // This process's own pid in a lock it does not hold: left by an earlier process that had the same pid.
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
        throw new DirectoryInUseError(path.resolve(dir), holder);
      }
      // Left behind by a process that ended without releasing it (killed): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
