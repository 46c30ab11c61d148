/**
 * `-o FILE`, written so that a command that fails never costs the user the file that was there: the
 * output goes to a hidden file beside the target and takes the target's place (rename) only when the
 * command has succeeded. Bad input half-way, a full disk or an error leave the old file as it was,
 * and `-o` may name the command's own input. Devices and pipes (`-o /dev/null`) are written in place.
 */
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BadInput, errnoText } from './io';

/** Hidden files not yet in place: removed when the process exits (also by process.exit and on an error). */
const pending = new Set<string>();
process.on('exit', () => pending.forEach(removeQuietly));

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** The file (not a directory) at `path` or on the way to it, if there is one. */
function fileInTheWay(path: string): string | undefined {
  for (let p = path; ; p = dirname(p)) {
    try {
      return statSync(p).isDirectory() ? undefined : p;
    } catch {
      if (dirname(p) === p) return undefined;
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** One line for a target that cannot be written. */
export function writeProblem(path: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT')
    // A directory that refuses new names (/proc) answers ENOENT too: it is there, so say what failed.
    return isDirectory(dirname(path))
      ? `${path}: cannot be created here (no such file or directory)`
      : `${dirname(path)}: no such directory`;
  // A file where a directory is needed (mkdir says EEXIST): name that file, not Node's errno text.
  if (code === 'ENOTDIR' || code === 'EEXIST') return `${fileInTheWay(path) ?? path}: not a directory`;
  if (code === 'EISDIR') return `${path}: is a directory`;
  if (code === 'EACCES' || code === 'EPERM') return `${path}: permission denied`;
  if (code === 'ENOSPC') return `${path}: no space left on device`;
  if (code === 'EROFS') return `${path}: read-only file system`;
  return `${path}: ${errnoText(e)}`;
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new BadInput(writeProblem(path, e));
  }
}

/**
 * The file a symbolic link to nothing yet names (following a chain), which `> link` in a shell makes;
 * `path` itself when it is no link. Renaming onto the link would replace the link with a file.
 */
function danglingTarget(path: string): string {
  let p = path;
  for (let hops = 0; hops < 40; hops++) {
    try {
      if (!lstatSync(p).isSymbolicLink()) return p;
    } catch {
      return p;
    }
    p = resolve(dirname(p), readlinkSync(p));
  }
  return p;
}

export class OutputFile {
  readonly fd: number;
  /** The hidden file being written, or undefined when writing in place (a device or a pipe). */
  private readonly temp: string | undefined;
  private readonly target: string;

  constructor(private readonly path: string) {
    const existing = statOrUndefined(path);
    if (existing?.isDirectory()) throw new BadInput(writeProblem(path, { code: 'EISDIR' }));
    if (!existing && path.endsWith('/')) throw new BadInput(`${path}: no such directory`);
    // A symbolic link keeps pointing where it did: the file it names is the one replaced.
    this.target = existing ? realpathSync(path) : danglingTarget(path);
    this.temp = !existing || existing.isFile() ? hiddenBeside(this.target) : undefined;
    // Replacing needs only the folder's permission: a file the user may not write (which `>`
    // refuses) was replaced, and then owned by them.
    if (existing?.isFile()) writable(path, this.target);
    try {
      this.fd = openSync(this.temp ?? this.target, this.temp ? 'wx' : 'w');
    } catch (e) {
      // A link to nothing yet: the problem is on the way to the file it names.
      throw new BadInput(writeProblem(existing ? path : this.target, e));
    }
    if (!this.temp) return;
    pending.add(this.temp);
    removeAbandoned(this.target);
    if (existing) fchmodSync(this.fd, existing.mode & 0o7777); // the file keeps its permissions
  }

  /** Closes the file and puts it in the target's place. */
  commit(): void {
    closeSync(this.fd);
    if (!this.temp) return;
    try {
      renameSync(this.temp, this.target);
    } catch (e) {
      throw new BadInput(writeProblem(this.path, e));
    }
    pending.delete(this.temp);
  }
}

function writable(path: string, target: string): void {
  try {
    accessSync(target, constants.W_OK);
  } catch (e) {
    throw new BadInput(writeProblem(path, e));
  }
}

/** The longest file name (bytes) of Linux's and macOS's file systems. */
const NAME_MAX = 255;

/** `dir/.name.<pid>.bitsmith-tmp`: in the target's directory, so that the rename cannot cross file systems. */
function hiddenBeside(target: string, pid = process.pid): string {
  const suffix = `.${pid}.bitsmith-tmp`;
  // A target name near the limit is shortened here, or the hidden file's name would be too long.
  let name = [...basename(target)];
  while (Buffer.byteLength(`.${name.join('')}${suffix}`) > NAME_MAX) name = name.slice(0, -1);
  return join(dirname(target), `.${name.join('')}${suffix}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // someone else's process
  }
}

/**
 * Removes the hidden files earlier runs to `target` left when they were stopped (Ctrl-C, kill):
 * a signal ends the process before its exit handlers run. Those of processes still running stay.
 */
function removeAbandoned(target: string): void {
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^\..*\.(\d+)\.bitsmith-tmp$/.exec(name)?.[1]);
    const path = join(dirname(target), name);
    if (pid && pid !== process.pid && path === hiddenBeside(target, pid) && !isRunning(pid)) removeQuietly(path);
  }
}
