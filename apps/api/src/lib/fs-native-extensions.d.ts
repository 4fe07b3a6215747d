// fs-native-extensions ships no types: what `lockDirectory` uses of it.
declare module 'fs-native-extensions' {
  /** Takes an exclusive lock on the whole file open as `fd`; false while another open file holds one. */
  export function tryLock(fd: number): boolean;
  export function unlock(fd: number): void;
}
