/** bitsmith base64 encode|decode: the page's kernel and streams, chunk by chunk. */
import { Base64Decoder, Base64Encoder, type Base64Exports } from '../src/core/base64/kernel';
import { ENTER_BASE64, ENTER_TEXT, InvalidBase64Error, INVALID_BASE64 } from '../src/core/base64/messages';
import { BadInput, Output, inputSize, loadKernel, progress, readChunks } from './io';

export interface Base64Options {
  urlSafe?: boolean;
  wrap?: string;
  output?: string;
}

/** Splits the Base64 text into lines of `width` characters (0: one line), each ended by a newline. */
class Wrapper {
  private col = 0;
  constructor(
    private readonly width: number,
    private readonly out: Output,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    if (!this.width) return this.out.write(bytes);
    let at = 0;
    const parts: Uint8Array[] = [];
    while (at < bytes.length) {
      const take = Math.min(this.width - this.col, bytes.length - at);
      parts.push(bytes.subarray(at, at + take));
      at += take;
      this.col += take;
      if (this.col === this.width) {
        parts.push(NEWLINE);
        this.col = 0;
      }
    }
    await this.out.write(Buffer.concat(parts));
  }

  async end(): Promise<void> {
    if (this.width && this.col) await this.out.write(NEWLINE);
  }
}

const NEWLINE = new Uint8Array([10]);

export async function base64(mode: 'encode' | 'decode', file: string, o: Base64Options): Promise<void> {
  const wrap = o.wrap === undefined ? 0 : Number(o.wrap);
  if (!Number.isInteger(wrap) || wrap < 0)
    throw new BadInput('--wrap must be a whole number of characters (0: no wrapping).');
  const kernel = await loadKernel<Base64Exports>('base64');
  const alphabet = o.urlSafe ? 'url' : 'standard';
  const stream = mode === 'encode' ? new Base64Encoder(kernel, alphabet) : new Base64Decoder(kernel, alphabet);
  const out = new Output(o.output);
  const wrapper = new Wrapper(mode === 'encode' ? wrap : 0, out);
  // The kernel's output is a view of WASM memory: copied before the next kernel call.
  let pending: Uint8Array[] = [];
  const emit = (b: Uint8Array) => pending.push(b.slice());
  const flush = async () => {
    for (const p of pending) await wrapper.write(p);
    pending = [];
  };
  const bar = progress(mode === 'encode' ? 'encoding' : 'decoding', inputSize(file));
  let read = 0;
  try {
    for await (const chunk of readChunks(file)) {
      read += chunk.length;
      stream.push(chunk, emit);
      await flush();
      bar.update(read);
    }
    stream.finish(emit);
  } catch (e) {
    if (e instanceof InvalidBase64Error) throw new BadInput(INVALID_BASE64);
    throw e;
  } finally {
    bar.done();
  }
  if (read === 0 || (stream instanceof Base64Decoder && stream.chars === 0))
    throw new BadInput(mode === 'encode' ? ENTER_TEXT : ENTER_BASE64);
  await flush();
  await wrapper.end();
  await out.close();
}
