// Takes the embedded database's folder lock in a process of its own (the lock tests of security/files.test.ts):
// `hold-directory-lock.ts <dir>` prints `locked <pid>` and holds it until its stdin closes; a refusal is printed to
// stderr, with exit code 1.
import { DirectoryInUseError, lockDirectory } from '../src/lib/private-files.ts';

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: hold-directory-lock.ts <dir>');
  process.exit(2);
}
try {
  const release = lockDirectory(dir);
  console.log(`locked ${process.pid}`);
  process.stdin.on('end', () => {
    release();
    process.exit(0);
  });
  process.stdin.resume();
} catch (error) {
  if (!(error instanceof DirectoryInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
