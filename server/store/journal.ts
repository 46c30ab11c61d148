/**
 * The ingest journal: every accepted event is appended here, and fsynced, before its 202 is sent,
 * whatever the database is doing (issue: "an accepted event is never lost, in any state"). The
 * store then writes the events to the database in batches; a segment file is deleted once every
 * event in it is committed there, and at start whatever the directory holds is replayed (the
 * database ignores ids it already has, so a replay never counts an event twice).
 *
 * Layout: `DATA_DIR/analytics-journal/<owner>-<16-digit number>.log`, append-only segments (zero-filled
 * to 4 MB when created) of records
 * `[u32 LE payload length][u32 LE CRC-32 of the payload][payload: UTF-8 JSON of one event]`;
 * a zero length marks the end of the data. A record whose length runs past the end of the file,
 * or whose checksum does not match, is a torn write (a crash in the middle of an append): it and
 * anything after it in that segment are skipped and cut off at start, never mis-read; whole
 * records after a damaged one (bit rot) are kept, the damaged file set aside. Each server
 * appends to its own segments (`<owner>.owner` holds its pid and host); at start a server takes
 * over the segments whose owner no longer runs, so two servers on one DATA_DIR never touch each
 * other's live segments.
 *
 * Group commit: appends of one turn of the event loop (and those that arrive while a write is in
 * flight) go to the disk as one synchronous-data write (O_DSYNC, else a write and an fdatasync)
 * on libuv's thread pool, so the event loop never waits for the disk.
 */
import {
  promises as fsp,
  closeSync,
  constants,
  fdatasync as fdatasyncCallback,
  fsyncSync,
  ftruncateSync,
  linkSync,
  mkdirSync,
  open as openCallback,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  write as writeCallback,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import * as zlib from 'node:zlib';
import { EVENT_KINDS, type EventKind } from '../../src/core/analytics/contract';
import type { StoredEvent } from './types';

/** An event as journaled: with the id it got at acceptance. */
export type JournaledEvent = StoredEvent & { id: string };

/** The journal cannot take these events (full, or the disk refused the write): answer 503. */
export class JournalRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: 'full' | 'disk',
  ) {
    super(message);
    this.name = 'JournalRefusedError';
  }
}

const HEADER = 8;
/** Synchronous data writes (Linux, macOS); 0 where the platform lacks it (then an fdatasync follows each write). */
const O_DSYNC = constants.O_DSYNC ?? 0;
/** No event comes near this (bodies are at most 16 KB): a larger length is a torn header. */
const MAX_RECORD = 1 << 20;
/** `<owner>-<number>.log`: each server appends only to its own segments. */
const SEGMENT_NAME = /^(?:([0-9a-f]{12})-)?(\d{16})\.log$/;
/** `<segment>.recovered`: the clean copy of a damaged segment being written (rewriteSegment). */
const RECOVERED_NAME = /^(?:([0-9a-f]{12})-)?\d{16}\.log\.recovered$/;
/** `<owner>.owner`: the pid and host of the server that owns the segments named after it. */
const OWNER_FILE = /^([0-9a-f]{12})\.owner$/;
/** Journals open in this process: alive although their pid is ours. */
const openHere = new Set<string>();

/** CRC-32 (IEEE), zlib's where Node has it (20.15+), else a table. */
const crc32: (data: Uint8Array) => number =
  (zlib as { crc32?: (data: Uint8Array) => number }).crc32 ??
  (() => {
    const table = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c;
    }
    return (data: Uint8Array) => {
      let c = -1;
      for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
      return (c ^ -1) >>> 0;
    };
  })();

export function encodeRecord(e: JournaledEvent): Buffer {
  const payload = Buffer.from(
    JSON.stringify({ i: e.id, k: e.kind, t: e.ts.getTime(), s: e.session_id, d: e.data }),
    'utf8',
  );
  const record = Buffer.allocUnsafe(HEADER + payload.length);
  record.writeUInt32LE(payload.length, 0);
  record.writeUInt32LE(crc32(payload), 4);
  payload.copy(record, HEADER);
  return record;
}

/** A record's payload as the event it holds, or undefined when it is not one (not JSON, a field missing). */
function parseEvent(payload: Buffer): JournaledEvent | undefined {
  let e: { i?: unknown; k?: unknown; t?: unknown; s?: unknown; d?: unknown };
  try {
    e = JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
  const valid =
    typeof e?.i === 'string' &&
    (EVENT_KINDS as readonly unknown[]).includes(e.k) &&
    Number.isFinite(e.t) &&
    typeof e.s === 'string' &&
    typeof e.d === 'object' &&
    e.d !== null &&
    !Array.isArray(e.d);
  if (!valid) return undefined;
  return {
    id: e.i as string,
    kind: e.k as EventKind,
    ts: new Date(e.t as number),
    session_id: e.s as string,
    data: e.d as Record<string, unknown>,
  };
}

/**
 * Decodes the whole records in `buf` from `offset`: the events, where the last whole record ends,
 * and whether it stopped at a damaged record (bad length or checksum) rather than at the end.
 */
export function decodeRecords(
  buf: Buffer,
  offset = 0,
  max = Infinity,
): { events: JournaledEvent[]; end: number; damaged: boolean } {
  const events: JournaledEvent[] = [];
  let at = offset;
  while (events.length < max && at + HEADER <= buf.length) {
    const length = buf.readUInt32LE(at);
    // A zero length is where the data ends (segments are zero-filled in advance).
    if (length === 0) break;
    if (length > MAX_RECORD) return { events, end: at, damaged: true };
    if (at + HEADER + length > buf.length) break; // incomplete: torn at the end, or not read yet
    const payload = buf.subarray(at + HEADER, at + HEADER + length);
    if (crc32(payload) !== buf.readUInt32LE(at + 4)) return { events, end: at, damaged: true };
    const e = parseEvent(payload);
    // A whole record that is not an event (another version's, an edit) would fail every write: damaged.
    if (!e) return { events, end: at, damaged: true };
    events.push(e);
    at += HEADER + length;
  }
  return { events, end: at, damaged: false };
}

/**
 * The whole records after a damaged one at `from`: each later offset where a record with a sane
 * length, a matching checksum and an event payload starts (a torn tail has none after it). No
 * record can be forged inside a payload: a length under MAX_RECORD has a zero high byte, and a
 * payload, JSON with its control characters escaped, holds no zero byte.
 */
function recordsAfter(buf: Buffer, from: number): JournaledEvent[] {
  const found: JournaledEvent[] = [];
  let at = from + 1;
  while (at + HEADER <= buf.length) {
    const length = buf.readUInt32LE(at);
    const { events, end } = length > 0 && length <= MAX_RECORD ? decodeRecords(buf, at) : { events: [], end: at };
    found.push(...events);
    at = events.length > 0 ? end : at + 1;
  }
  return found;
}

/**
 * Replaces a damaged segment by one holding only `events`: the original is kept beside it as
 * `<name>.damaged` (no segment name, so never read again) for a manual recovery, `name` being the
 * segment's name before this server took it over (`path` is its name now). The clean copy is
 * written as `<path>.recovered`, named after this server, so a start that finds one of a server
 * no longer running knows it for what a crash left (Journal.scan removes it). Returns the size.
 */
function rewriteSegment(path: string, events: JournaledEvent[], name = path): number {
  const data = Buffer.concat(events.map(encodeRecord));
  const fresh = `${path}.recovered`;
  try {
    writeFileSync(fresh, data);
    const fd = openSync(fresh, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(path, `${name}.damaged`);
    } catch (e) {
      // Kept already by a start that stopped before the rename below.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    renameSync(fresh, path);
  } catch (e) {
    rmSync(fresh, { force: true });
    throw e;
  }
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
  return data.length;
}

/** What `<owner>.owner` holds: the server's pid and host, and its start time where /proc has it. */
interface OwnerRecord {
  pid: number;
  host: string;
  start?: string;
}

/**
 * The start time of process `pid` (field 22 of /proc/<pid>/stat, clock ticks since boot), 'zombie'
 * for a process that ended but was not reaped yet, undefined without such an entry (no /proc, or
 * no such process).
 */
function processStart(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[0] === 'Z' ? 'zombie' : fields[19];
}

interface Segment {
  number: number;
  path: string;
  /** Index (over all events the journal held since it was opened) of this segment's first event. */
  first: number;
  count: number;
  /** Bytes of whole, synced records. */
  size: number;
  /** Bytes the file was zero-filled to when created (records go up to there). */
  capacity: number;
}

interface PendingAppend {
  records: Buffer[];
  bytes: number;
  count: number;
  /** Resolved with where its first record is, once synced. */
  resolve: (at: Cursor) => void;
  reject: (e: Error) => void;
}

/** Where the store's reader is: the next event index and its place in a segment. */
export interface Cursor {
  index: number;
  segment: number;
  offset: number;
}

export interface JournalOptions {
  /** Most bytes the segments on disk may hold together; beyond it appends are refused. */
  limitBytes: number;
  /** A new segment is started past this size (deleted once all its events are in the database). */
  segmentBytes?: number;
  log?: (message: string) => void;
}

export class Journal {
  private readonly segments: Segment[] = [];
  private fd: number | null = null;
  private pending: PendingAppend[] = [];
  private pendingBytes = 0;
  private flushing = false;
  private flushScheduled = false;
  private idle: (() => void)[] = [];
  /** Events whose records are synced (their indices are 0 .. end-1). */
  private synced = 0;
  private nextNumber = 1;
  private closed = false;
  private readonly segmentBytes: number;
  private readonly log: (message: string) => void;
  /** Events found at open, to be replayed into the database. */
  readonly recovered: number;
  /** Names this server's segments; `<owner>.owner` says which process runs it. */
  private readonly owner = randomBytes(6).toString('hex');

  private constructor(
    readonly dir: string,
    private readonly options: JournalOptions,
  ) {
    this.segmentBytes = options.segmentBytes ?? Math.max(64 * 1024, Math.min(4 << 20, options.limitBytes / 8));
    this.log = options.log ?? ((m) => console.warn(m));
    // Written before the scan: a server starting beside this one sees the segments claimed below
    // (renamed after this owner) as live and leaves them alone.
    const record: OwnerRecord = { pid: process.pid, host: hostname(), start: processStart(process.pid) };
    writeFileSync(this.ownerFile, JSON.stringify(record));
    openHere.add(this.owner);
    this.recovered = this.scan();
  }

  private get ownerFile(): string {
    return join(this.dir, `${this.owner}.owner`);
  }

  /** Opens (creating) the journal directory and checks every segment; torn tails are cut off. */
  static open(dir: string, options: JournalOptions): Journal {
    mkdirSync(dir, { recursive: true });
    return new Journal(dir, options);
  }

  /**
   * Takes over the segments no running server owns (this process's earlier life, a crashed or
   * stopped instance) and leaves alone those of another server still running on this DATA_DIR.
   */
  private scan(): number {
    const files = readdirSync(this.dir);
    const live = new Set<string>();
    for (const f of files) {
      const owner = OWNER_FILE.exec(f)?.[1];
      if (!owner) continue;
      if (this.ownerAlive(owner, join(this.dir, f))) live.add(owner);
      // Its segments are ours now (or an orphan's after a crash); a server starting beside this
      // one may have deleted the file first.
      else rmSync(join(this.dir, f), { force: true });
    }
    this.removeLeftCopies(files);
    const found = files
      .map((f) => SEGMENT_NAME.exec(f))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ file: m[0], owner: m[1] ?? '', n: Number(m[2]) }))
      .sort((a, b) => (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : a.n - b.n));
    const skipped = found.filter((s) => live.has(s.owner)).length;
    if (skipped > 0)
      this.log(`Analytics journal: ${skipped} segments in ${this.dir} belong to another running server; left to it`);
    let total = 0;
    for (const { file } of found.filter((s) => !live.has(s.owner))) {
      const number = this.nextNumber++;
      const path = this.pathOf(number);
      const name = join(this.dir, file);
      if (!this.claim(name, path)) continue;
      const buf = readFileSync(path);
      const decoded = decodeRecords(buf);
      const { events } = decoded;
      let { end } = decoded;
      // The unused, zero-filled end of a segment is no damage; anything else there is.
      const damaged = end < buf.length && !buf.subarray(end).equals(Buffer.alloc(buf.length - end));
      const after = damaged ? recordsAfter(buf, end) : [];
      if (after.length > 0) {
        // Whole records follow the damaged one (bit rot, not a crash): keep them and the damaged bytes.
        this.log(
          `Analytics journal: ${name} has a damaged record at byte ${end}; the ${events.length} whole ` +
            `records before it and the ${after.length} whole records after it are kept, the damaged file ` +
            `is kept as ${name}.damaged`,
        );
        events.push(...after);
        try {
          end = rewriteSegment(path, events, name);
        } catch (e) {
          // No room for the clean copy (a full disk): the file stays as it is for the next start.
          this.log(
            `Analytics journal: cannot rewrite ${path} (${(e as Error).message}); it is left for the next start`,
          );
          continue;
        }
      } else if (end < buf.length) {
        if (damaged)
          this.log(
            `Analytics journal: ${path} has a torn or damaged record at byte ${end} (a crash ` +
              `during a write); it is skipped, the ${events.length} whole records before it are kept`,
          );
        const fd = openSync(path, 'r+');
        try {
          ftruncateSync(fd, end);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
      }
      if (events.length === 0) {
        unlinkSync(path);
        continue;
      }
      this.segments.push({ number, path, first: total, count: events.length, size: end, capacity: end });
      total += events.length;
    }
    this.synced = total;
    if (total > 0)
      this.log(`Analytics journal: ${total} events found in ${this.dir}, replaying them into the database`);
    return total;
  }

  /**
   * Removes the clean copies of damaged segments (`<segment>.recovered`) that a server killed in the
   * middle of the rewrite left: the segment is still the damaged original, taken over and rewritten
   * again by this start, under its new name. A copy named after a running server (its owner file
   * is written before it starts copying) is its rewrite in progress and is left to it. Before
   * 2026-11-30 copies were named after the segment's name before the takeover, never written
   * again: each start killed during a rewrite left one more for good.
   */
  private removeLeftCopies(files: string[]): void {
    for (const f of files) {
      const copy = RECOVERED_NAME.exec(f);
      if (!copy) continue;
      const owner = copy[1];
      if (owner && this.ownerAlive(owner, join(this.dir, `${owner}.owner`))) continue;
      try {
        rmSync(join(this.dir, f), { force: true });
        this.log(`Analytics journal: removed ${f}, a partial copy left by a segment rewrite a crash cut short`);
      } catch (e) {
        this.log(`Analytics journal: cannot remove ${f} (${(e as Error).message}); move it out of ${this.dir}`);
      }
    }
  }

  /**
   * Takes a segment of a server that no longer runs by renaming it after this one; false when
   * another server starting at the same time renamed it first. One rename wins, so each segment
   * is replayed and deleted by one server: before, both replayed it, and the one that had not yet
   * read it when the other deleted it could never read it back (unavailable until restarted).
   */
  private claim(from: string, to: string): boolean {
    try {
      renameSync(from, to);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
  }

  /**
   * Whether the server that wrote `<owner>.owner` still runs (unknowable on another host: assumed).
   * Where /proc tells, its pid must also have the start time it had then: a pid reused by another
   * process, or a killed server not yet reaped (a zombie), is not that server.
   */
  private ownerAlive(owner: string, file: string): boolean {
    if (openHere.has(owner)) return true;
    try {
      const { pid, host, start } = JSON.parse(readFileSync(file, 'utf8')) as OwnerRecord;
      if (host !== hostname()) return true;
      if (pid === process.pid) return false; // this process, restarted with the same pid (a container's pid 1)
      const running = processStart(pid);
      if (running !== undefined) return running !== 'zombie' && (start === undefined || running === start);
      process.kill(pid, 0); // no /proc entry: the kernel says whether the pid exists
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, not ours to signal
    }
  }

  private pathOf(number: number): string {
    return join(this.dir, `${this.owner}-${String(number).padStart(16, '0')}.log`);
  }

  /** Bytes the segments hold on disk (synced records), plus appends in flight. */
  bytes(): number {
    let n = this.pendingBytes;
    for (const s of this.segments) n += s.size;
    return n;
  }

  get limitBytes(): number {
    return this.options.limitBytes;
  }

  /** Events synced so far (replayed ones included). */
  get end(): number {
    return this.synced;
  }

  /**
   * Appends the events; resolves once they are on disk (fdatasync), with the appends of the same
   * turn. Throws JournalRefusedError at once when the journal is full, or later when the disk
   * refuses the write (nothing of a refused batch is kept).
   */
  append(events: JournaledEvent[]): Promise<Cursor> {
    if (this.closed) return Promise.reject(new JournalRefusedError('Analytics journal is closed', 'disk'));
    const records = events.map(encodeRecord);
    let bytes = 0;
    for (const r of records) bytes += r.length;
    if (this.bytes() + bytes > this.options.limitBytes)
      return Promise.reject(
        new JournalRefusedError(
          `Analytics journal is full (ANALYTICS_JOURNAL_MB, ${Math.round(this.options.limitBytes / 1024)} KB)`,
          'full',
        ),
      );
    this.pendingBytes += bytes;
    return new Promise<Cursor>((resolve, reject) => {
      this.pending.push({ records, bytes, count: events.length, resolve, reject });
      this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushing || this.flushScheduled || this.pending.length === 0) return;
    this.flushScheduled = true;
    // One turn of the event loop gathers the appends of every request that arrived in it.
    setImmediate(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.pending.length === 0) return;
    this.flushing = true;
    const batch = this.pending;
    this.pending = [];
    let bytes = 0;
    let count = 0;
    for (const p of batch) {
      bytes += p.bytes;
      count += p.count;
    }
    try {
      const segment = await this.writable(bytes);
      const buf = Buffer.concat(
        batch.flatMap((p) => p.records),
        bytes,
      );
      try {
        // The fd is opened with O_DSYNC where the platform has it: the write returns once the
        // data is on disk, one trip to the thread pool instead of a write and an fdatasync.
        await write(this.fd!, buf, segment.size);
        if (!O_DSYNC) await datasync(this.fd!);
      } catch (e) {
        this.undo(segment);
        throw e;
      }
      const at = { index: this.synced, segment: segment.number, offset: segment.size };
      segment.size += bytes;
      segment.count += count;
      this.synced += count;
      this.pendingBytes -= bytes;
      for (const p of batch) {
        p.resolve({ ...at });
        at.index += p.count;
        at.offset += p.bytes;
      }
    } catch (e) {
      this.pendingBytes -= bytes;
      const err = new JournalRefusedError(`Analytics journal cannot be written: ${(e as Error).message}`, 'disk');
      for (const p of batch) p.reject(err);
    } finally {
      this.flushing = false;
      if (this.pending.length > 0) this.scheduleFlush();
      else for (const done of this.idle.splice(0)) done();
    }
  }

  /**
   * A failed write may have left part of the batch (events answered 503): cut the file back to
   * its whole records and seal it; the next append starts a new segment.
   */
  private undo(segment: Segment): void {
    try {
      ftruncateSync(this.fd!, segment.size);
      segment.capacity = segment.size;
    } finally {
      this.closeFd();
    }
  }

  /**
   * The segment the next `bytes` go to: the current one while they fit, else a new one, zero-filled
   * to its capacity in advance (as PostgreSQL does with its WAL segments): appends then change
   * neither the file's size nor its block map, so each sync flushes data only, not file-system
   * metadata.
   */
  private async writable(bytes: number): Promise<Segment> {
    const last = this.segments.at(-1);
    if (this.fd !== null && last && last.size + bytes <= last.capacity) return last;
    this.closeFd();
    const number = this.nextNumber++;
    const path = this.pathOf(number);
    const capacity = Math.max(this.segmentBytes, bytes);
    const fd = await openFd(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_DSYNC);
    try {
      await write(fd, Buffer.alloc(capacity), 0);
      if (!O_DSYNC) await datasync(fd);
      // The new file's directory entry is synced too, or a power cut could lose the whole file.
      const dir = await fsp.open(this.dir, 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    } catch (e) {
      // No room for a new segment (a full disk): nothing of it is kept.
      closeSync(fd);
      unlinkSync(path);
      throw e;
    }
    this.fd = fd;
    const segment: Segment = { number, path, first: this.synced, count: 0, size: 0, capacity };
    this.segments.push(segment);
    return segment;
  }

  private closeFd(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = null;
  }

  /** A cursor at the first event still in the journal. */
  start(): Cursor {
    const first = this.segments[0];
    return first
      ? { index: first.first, segment: first.number, offset: 0 }
      : { index: this.synced, segment: 0, offset: 0 };
  }

  /** Reads up to `max` synced events from `cursor` (advanced past them). */
  async read(cursor: Cursor, max: number): Promise<JournaledEvent[]> {
    const out: JournaledEvent[] = [];
    while (out.length < max && cursor.index < this.synced) {
      let seg = this.segments.find((s) => s.number === cursor.segment);
      if (!seg || cursor.index >= seg.first + seg.count) {
        // Past the end of its segment: the next event is the first of the next segment.
        seg = this.segments.find((s) => s.first === cursor.index && s.count > 0);
        if (!seg) throw new Error(`Analytics journal: event ${cursor.index} is not at the start of a segment`);
        cursor.segment = seg.number;
        cursor.offset = 0;
      }
      const length = Math.min(seg.size - cursor.offset, 4 << 20);
      const handle = await fsp.open(seg.path, 'r');
      let buf: Buffer;
      try {
        buf = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(buf, 0, length, cursor.offset);
        buf = buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
      const { events, end, damaged } = decodeRecords(
        buf,
        0,
        Math.min(max - out.length, seg.first + seg.count - cursor.index),
      );
      if (damaged || events.length === 0)
        throw new Error(`Analytics journal: ${seg.path} cannot be read back at ${cursor.offset}`);
      out.push(...events);
      cursor.offset += end;
      cursor.index += events.length;
    }
    return out;
  }

  /** Whether `release(index)` would delete a segment. */
  releasable(index: number): boolean {
    const s = this.segments[0];
    return !!s && s.first + s.count <= index && !(this.fd !== null && s === this.segments.at(-1));
  }

  /** Every event before `index` is in the database: delete the segments that hold only such events. */
  release(index: number): void {
    while (this.segments.length > 0) {
      const s = this.segments[0]!;
      const current = this.fd !== null && s === this.segments.at(-1);
      if (s.first + s.count > index || current) break;
      try {
        unlinkSync(s.path);
      } catch (e) {
        // Gone already (deleted by hand): nothing left to delete.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
          this.log(`Analytics journal: cannot delete ${s.path}: ${(e as Error).message}`);
          break;
        }
      }
      this.segments.shift();
    }
  }

  /** Everything is in the database: the current segment goes too (a clean stop leaves no journal). */
  async releaseAll(index: number): Promise<void> {
    await this.whenIdle();
    if (index < this.synced) return this.release(index);
    this.closeFd();
    this.release(index);
  }

  /** Resolves once no append is pending or in flight. */
  whenIdle(): Promise<void> {
    if (!this.flushing && !this.flushScheduled && this.pending.length === 0) return Promise.resolve();
    return new Promise((r) => this.idle.push(r));
  }

  /** Closes; segments left (events not yet in the database) are taken over by the next start. */
  async close(): Promise<void> {
    await this.whenIdle();
    this.closed = true;
    this.closeFd();
    openHere.delete(this.owner);
    try {
      unlinkSync(this.ownerFile);
    } catch {
      // already gone
    }
  }
}

function write(fd: number, buf: Buffer, position: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = 0;
    const next = () =>
      writeCallback(fd, buf, done, buf.length - done, position + done, (err, n) => {
        if (err) return reject(err);
        done += n;
        if (done < buf.length) next();
        else resolve();
      });
    next();
  });
}

function datasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fdatasyncCallback(fd, (err) => (err ? reject(err) : resolve())));
}

function openFd(path: string, flags: number): Promise<number> {
  return new Promise((resolve, reject) => openCallback(path, flags, (err, fd) => (err ? reject(err) : resolve(fd))));
}

/**
 * For tools and tests: what a journal directory holds, without changing it. Per segment: whole
 * records, bytes they use, the file's size (zero-filled in advance), and whether a torn or damaged
 * record follows them.
 */
export function inspectJournal(
  dir: string,
): { file: string; events: number; usedBytes: number; bytes: number; torn: boolean }[] {
  return readdirSync(dir)
    .filter((f) => SEGMENT_NAME.test(f))
    .sort()
    .map((f) => {
      const buf = readFileSync(join(dir, f));
      const { events, end } = decodeRecords(buf);
      const torn = !buf.subarray(end).equals(Buffer.alloc(buf.length - end));
      return { file: f, events: events.length, usedBytes: end, bytes: statSync(join(dir, f)).size, torn };
    });
}
