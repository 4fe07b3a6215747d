// The browser's session storage (one tab, kept across reloads): what a page keeps for itself there is best effort,
// since a browser may refuse storage or be full.

export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's session storage; null on the server, or where the browser refuses it (storage disabled). */
export function browserSessionStorage(): SessionStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The JSON value kept under `key`; null when there is none or it is not JSON. */
export function readKept(store: SessionStore | null, key: string): unknown {
  try {
    const text = store?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Keeps `value` as JSON under `key`, or forgets the key for null; a refused storage keeps nothing. */
export function keep(store: SessionStore | null, key: string, value: unknown): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing kept: the page works without it.
  }
}
