#!/usr/bin/env node
/**
 * The bitsmith command's entry (package.json bin), CommonJS so that it runs before Node's ES module
 * loader and the bundle load (about 40 ms here): `--version` is answered at once, and `crc check`
 * of a large file starts its helper thread (cli/crc-helper.ts) so that it boots while the bundle loads.
 * Everything else is the bundle, dist/cli/bitsmith.mjs. scripts/build.mjs copies this file there.
 */
'use strict';
const args = process.argv.slice(2);

/** A regular file that crc check shares with its helper thread (TWO_THREADS_FROM in cli/crc-check.ts). */
function isLargeFile(arg) {
  try {
    const st = require('node:fs').statSync(arg);
    return st.isFile() && st.size >= 64 << 20;
  } catch {
    return false; // an option or its value
  }
}
/**
 * Writes the version as every output is written (synchronously); true when done. A reader that has
 * gone (| head) is done too, quietly; any other error (a full disk) is left to the bundle, which says it in one line.
 */
function printVersion() {
  try {
    require('node:fs').writeSync(1, `${require('../../package.json').version}\n`);
    return true;
  } catch (e) {
    return e.code === 'EPIPE';
  }
}
if (!(args.length === 1 && (args[0] === '--version' || args[0] === '-V') && printVersion())) {
  if (args[0] === 'crc' && args[1] === 'check' && args.slice(2).some(isLargeFile)) {
    const { Worker } = require('node:worker_threads');
    const helper = new Worker(require('node:path').join(__dirname, 'crc-part-worker.mjs'));
    helper.unref(); // a small file or stdin never uses it: it must not keep the process alive
    globalThis[Symbol.for('bitsmith.crcHelper')] = helper;
  }
  import('./bitsmith.mjs');
}
