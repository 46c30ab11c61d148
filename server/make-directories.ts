import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `mkdir -p`, one missing directory at a time: Node's mkdirSync(dir, {recursive: true}) never returns
 * (at full CPU) when mkdir answers ENOENT under a parent that exists, as in /proc. Used by the store
 * (DATA_DIR) and the bitsmith command (-o DIR/). A failure is Node's error, whose `path` names the
 * directory that could not be made.
 */
export function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let p = dir; !existsSync(p); p = dirname(p)) missing.unshift(p);
  for (const p of missing) {
    try {
      mkdirSync(p);
    } catch (e) {
      // Another process (a second server on the same fresh DATA_DIR) made it first.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(p).isDirectory()) throw e;
    }
  }
}
