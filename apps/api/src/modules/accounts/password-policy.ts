import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIN_PASSWORD_LENGTH } from '@platform/contracts';

/**
 * The 4,000 most used passwords of at least 8 characters, lower case, most used first. Generated from the ranked
 * list of @zxcvbn-ts/language-common 4.1.3 (MIT; © Dan Wheeler, Dropbox, Inc., @zxcvbn-ts) by keeping entries of 8+
 * characters: shorter ones already fail the length rule.
 */
function commonPasswordsFile(): string {
  // From the source tree, or from a bundle that includes this module (like the migrations folder).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../resources/common-passwords.txt')];
  try {
    const packageJson = createRequire(import.meta.url).resolve('@platform/api/package.json');
    candidates.push(path.join(path.dirname(packageJson), 'resources', 'common-passwords.txt'));
  } catch {
    // Not installed as a package: the source tree candidate is the one.
  }
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`common-passwords.txt not found (looked in ${candidates.join(', ')})`);
  return found;
}

let common: Set<string> | undefined;

function isCommonPassword(password: string): boolean {
  common ??= new Set(
    fs
      .readFileSync(commonPasswordsFile(), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return common.has(password.toLowerCase());
}

/** The problems of a new password, worded as Django words them; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return [`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`];
  }
  if (isCommonPassword(password)) return ['This password is too common.'];
  return [];
}
