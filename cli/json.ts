/**
 * bitsmith json format|minify|validate: the JSON page's actions. Without --sort-keys the input streams
 * through the page's WASM kernel (numbers and strings copied byte for byte); --sort-keys needs the whole
 * tree, as on the page (src/core/data/ops).
 */
import { BytePosition, JsonKernelError, JsonStream, type JsonExports } from '../src/core/data/json/kernel';
import { runJsonOp } from '../src/core/data/ops/shared';
import { MSG } from '../src/core/data/messages';
import { withPosition } from '../src/core/data/ops/shared';
import { BadInput, Output, inputSize, loadKernel, progress, readAll, readChunks } from './io';

export type JsonMode = 'format' | 'minify' | 'validate';

export interface JsonOptions {
  indent?: string;
  sortKeys?: boolean;
  output?: string;
}

const EMPTY: Record<JsonMode, string> = {
  format: MSG.enterJsonToFormat,
  minify: MSG.enterJsonToMinify,
  validate: MSG.enterJsonToValidate,
};

const invalid = (mode: JsonMode, detail: string) =>
  mode === 'validate' ? MSG.invalidJsonValidate(detail) : MSG.invalidJson(detail);

function indentOf(text: string | undefined): 2 | 4 | 'tab' {
  if (text === undefined || text === '2') return 2;
  if (text === '4') return 4;
  if (text === 'tab') return 'tab';
  throw new BadInput('--indent must be 2, 4 or tab.');
}

/** Line and column of a byte offset, read again from the file (only after an error). */
async function positionIn(file: string, byteOffset: number, seen: Uint8Array[] | undefined) {
  const p = new BytePosition(byteOffset);
  if (seen) for (const c of seen) p.feed(c);
  else for await (const c of readChunks(file)) if (!p.feed(c)) break;
  return p.position;
}

export async function json(mode: JsonMode, file: string, o: JsonOptions): Promise<void> {
  const indent = indentOf(o.indent);
  if (o.sortKeys) {
    const text = (await readAll(file)).toString('utf8');
    const r = runJsonOp(
      mode === 'minify' ? { kind: 'minify', sortKeys: true } : { kind: mode, indent, sortKeys: true },
      text,
    );
    if (!r.ok) throw new BadInput(r.status);
    return finish(mode, r.output, o.output);
  }
  const kernel = await loadKernel<JsonExports>('json');
  const stream = new JsonStream(kernel, mode, indent);
  const out = new Output(mode === 'validate' ? undefined : o.output);
  let pending: Uint8Array[] = [];
  const emit = (b: Uint8Array) => pending.push(b.slice());
  // stdin cannot be read twice: its chunks are kept to place an error (a file is read again instead).
  const seen: Uint8Array[] | undefined = file === '-' ? [] : undefined;
  const bar = progress(mode, inputSize(file));
  let read = 0;
  let blank = true;
  try {
    for await (const chunk of readChunks(file)) {
      seen?.push(chunk);
      read += chunk.length;
      if (blank && chunk.some((b) => b !== 32 && b !== 9 && b !== 10 && b !== 13)) blank = false;
      if (!blank) stream.push(chunk, emit);
      for (const p of pending) await out.write(p);
      pending = [];
      bar.update(read);
    }
    if (blank) throw new BadInput(EMPTY[mode]);
    stream.finish();
  } catch (e) {
    if (!(e instanceof JsonKernelError)) throw e;
    const at = await positionIn(file, e.byteOffset, seen);
    throw new BadInput(invalid(mode, withPosition(e.detail, at)));
  } finally {
    bar.done();
  }
  for (const p of pending) await out.write(p);
  if (mode === 'validate') process.stdout.write(MSG.validJson + '\n');
  else await out.write('\n');
  await out.close();
}

async function finish(mode: JsonMode, text: string, output: string | undefined): Promise<void> {
  if (mode === 'validate') {
    process.stdout.write(MSG.validJson + '\n');
    return;
  }
  const out = new Output(output);
  await out.write(text + '\n');
  await out.close();
}
