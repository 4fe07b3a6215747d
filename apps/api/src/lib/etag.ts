// Weak entity tags: how the API's answers and the response cache's kept answers name their bytes, and how a client's
// If-None-Match is compared with one.
import { createHash } from 'node:crypto';

/** The weak ETag of a body: its SHA-1, base64url. */
export function weakEtagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether If-None-Match names this tag, by weak comparison (RFC 9110 §8.8.3.2: the W/ prefix does not count). */
export function ifNoneMatchHolds(asked: string | undefined, tag: string): boolean {
  if (!asked) return false;
  const bare = tag.startsWith('W/') ? tag.slice(2) : tag;
  return asked.split(',').some((each) => {
    const candidate = each.trim();
    return candidate === '*' || (candidate.startsWith('W/') ? candidate.slice(2) : candidate) === bare;
  });
}
