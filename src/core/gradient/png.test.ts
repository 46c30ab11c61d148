// The WASM rasteriser and PNG encoder (build/wasm/png.wasm): every PNG is decoded by pngjs (zlib
// inflate checks the deflate stream and Adler-32; pngjs checks each chunk's CRC-32) and compared
// pixel by pixel with the kernel's own raster, which is checked against the TypeScript loops and
// against the CSS geometry computed independently here.
import { describe, expect, it, beforeAll } from 'vitest';
import { PNG } from 'pngjs';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { loadFreshKernel } from '../../../server/wasm';
import { concatChunks, encodePng, rasterizeRGBA, type PngExports } from './png';
import { makePlan } from './plan';
import { rasterizeRGBAts } from './raster';
import { defaultGradient, type ColorStop, type GradientSpec } from './model';

let k: PngExports;
beforeAll(async () => {
  k = await loadFreshKernel<PngExports>('png');
});

const stop = (id: number, color: string, position: number): ColorStop => ({ id, color, position });
const g = (over: Partial<GradientSpec>): GradientSpec => ({ ...defaultGradient(), ...over });
/** The red channel of pixel (x, y) of an RGBA raster `width` pixels wide (NaN outside it). */
const redAt = (rgba: ArrayLike<number>, width: number, x: number, y: number) => rgba[(y * width + x) * 4] ?? NaN;
const three = [stop(1, '#ff0000', 10), stop(2, '#00ff80', 45), stop(3, '#1020ff', 90)];
const many = Array.from({ length: 24 }, (_, i) =>
  stop(i + 1, `#${((i * 0x3b7a1f) & 0xffffff).toString(16).padStart(6, '0')}`, Math.round((i * 100) / 23)),
);

const CASES: [string, GradientSpec, number, number, boolean?][] = [
  ['linear default', g({}), 300, 200],
  ['linear 33deg, three stops', g({ angle: 33, stops: three }), 257, 131],
  ['linear repeating 200deg', g({ angle: 200, stops: three, repeating: true }), 123, 77],
  [
    'linear hard stops',
    g({
      angle: 0,
      stops: [stop(1, '#ff0000', 0), stop(2, '#ff0000', 50), stop(3, '#0000ff', 50), stop(4, '#00ffff', 100)],
    }),
    64,
    64,
  ],
  ['radial ellipse off-centre', g({ type: 'radial', position: { x: 30, y: 70 }, stops: three }), 200, 120],
  [
    'radial circle repeating',
    g({ type: 'radial', shape: 'circle', position: { x: 80, y: 10 }, stops: three, repeating: true }),
    150,
    90,
  ],
  ['conic 45deg', g({ type: 'conic', angle: 45, position: { x: 35, y: 60 }, stops: three }), 180, 120],
  ['conic repeating', g({ type: 'conic', angle: 300, stops: three, repeating: true }), 99, 101],
  ['24 stops (LUT path)', g({ angle: 10, stops: many }), 400, 50],
  ['one pixel', g({}), 1, 1],
  ['one column', g({ type: 'radial' }), 1, 300],
  ['one row', g({ type: 'conic' }), 700, 1],
  ['dithered', g({ angle: 10, stops: [stop(1, '#202020', 0), stop(2, '#303030', 100)] }), 256, 64, true],
  [
    'coincident repeating stops',
    g({ repeating: true, stops: [stop(1, '#ff0000', 40), stop(2, '#00ff00', 40)] }),
    32,
    32,
  ],
];

describe('WASM gradient PNG', () => {
  for (const [name, grad, w, h, dither] of CASES) {
    it(`${name} (${w}x${h}): decodes to exactly the raster`, () => {
      const plan = makePlan(grad, w, h, dither);
      const raster = rasterizeRGBA(k, plan);
      const file = concatChunks(encodePng(k, plan));
      const png = PNG.sync.read(Buffer.from(file), { checkCRC: true } as never);
      expect([png.width, png.height]).toEqual([w, h]);
      expect(Buffer.compare(png.data, Buffer.from(raster))).toBe(0);
      // The TypeScript loops agree to within one level (float rounding order only).
      const ts = rasterizeRGBAts(plan);
      let max = 0;
      for (const [i, v] of ts.entries()) max = Math.max(max, Math.abs(v - (raster[i] ?? NaN)));
      expect(max).toBeLessThanOrEqual(1);
    });
  }

  it('writes a well-formed chunk sequence with correct CRC-32s', () => {
    const file = concatChunks(encodePng(k, makePlan(g({ stops: three }), 2000, 1200)));
    expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(file.buffer, file.byteOffset);
    const types: string[] = [];
    let off = 8;
    while (off < file.length) {
      const len = view.getUint32(off);
      const type = String.fromCharCode(...file.subarray(off + 4, off + 8));
      types.push(type);
      expect(view.getUint32(off + 8 + len), type).toBe(zlibCrc32(file.subarray(off + 4, off + 8 + len)));
      off += 12 + len;
    }
    expect(off).toBe(file.length);
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
    expect(types.filter((t) => t === 'IDAT').length).toBeGreaterThan(1); // one per band
  });

  it('compresses smooth gradients far below the raw size', () => {
    const file = concatChunks(encodePng(k, makePlan(g({ angle: 33, stops: three }), 1920, 1080)));
    expect(file.length).toBeLessThan((1920 * 1080 * 3) / 8);
  });

  it('follows the CSS geometry (independent formulas)', () => {
    const bw = [stop(1, '#000000', 0), stop(2, '#ffffff', 100)];
    // Linear 90deg: t = (x + 0.5) / w along the row.
    const lin = rasterizeRGBA(k, makePlan(g({ angle: 90, stops: bw }), 255, 3));
    for (const x of [0, 100, 254])
      expect(Math.abs(redAt(lin, 255, x, 0) - ((x + 0.5) / 255) * 255)).toBeLessThanOrEqual(0.5);
    // Linear 45deg in 200x100: gradient line length = w sin + h cos; t at the centre = 0.5.
    const len = 200 * Math.SQRT1_2 + 100 * Math.SQRT1_2;
    const diag = rasterizeRGBA(k, makePlan(g({ angle: 45, stops: bw }), 200, 100));
    const at = (x: number, y: number) => redAt(diag, 200, x, y);
    const tAt = (x: number, y: number) => ((x + 0.5 - 100) * Math.SQRT1_2 - (y + 0.5 - 50) * Math.SQRT1_2) / len + 0.5;
    for (const [x, y] of [
      [0, 99],
      [199, 0],
      [60, 20],
      [150, 80],
    ] as const)
      expect(Math.abs(at(x, y) - tAt(x, y) * 255)).toBeLessThanOrEqual(0.51);
    // Radial ellipse at 25% 50% in 200x100: radii sqrt2 * farthest sides (150, 50).
    const rad = rasterizeRGBA(k, makePlan(g({ type: 'radial', position: { x: 25, y: 50 }, stops: bw }), 200, 100));
    const rt = (x: number, y: number) =>
      Math.min(1, Math.hypot((x + 0.5 - 50) / (150 * Math.SQRT2), (y + 0.5 - 50) / (50 * Math.SQRT2)));
    for (const [x, y] of [
      [199, 99],
      [199, 0],
      [0, 0],
      [120, 70],
    ] as const)
      expect(Math.abs(redAt(rad, 200, x, y) - rt(x, y) * 255)).toBeLessThanOrEqual(0.51);
    // Radial circle: radius = distance to the farthest corner.
    const circ = rasterizeRGBA(
      k,
      makePlan(g({ type: 'radial', shape: 'circle', position: { x: 25, y: 50 }, stops: bw }), 200, 100),
    );
    const ct = (x: number, y: number) => Math.hypot(x + 0.5 - 50, y + 0.5 - 50) / Math.hypot(150, 50);
    for (const [x, y] of [
      [199, 99],
      [0, 0],
      [120, 70],
    ] as const)
      expect(Math.abs(redAt(circ, 200, x, y) - ct(x, y) * 255)).toBeLessThanOrEqual(0.51);
    // Conic from 90deg at the centre: the turn starts pointing right, clockwise.
    const con = rasterizeRGBA(k, makePlan(g({ type: 'conic', angle: 90, stops: bw }), 101, 101));
    const ut = (x: number, y: number) => {
      const u = Math.atan2(y + 0.5 - 50.5, x + 0.5 - 50.5) / (2 * Math.PI);
      return u - Math.floor(u);
    };
    for (const [x, y] of [
      [50, 100],
      [0, 50],
      [50, 0],
      [90, 20],
      [10, 90],
    ] as const)
      expect(Math.abs(redAt(con, 101, x, y) - ut(x, y) * 255)).toBeLessThanOrEqual(0.6);
  });

  it('computes CRC-32 like zlib and Adler-32 by its definition (RFC 1950)', () => {
    const data = new Uint8Array(100_003).map((_, i) => (i * 7919) ^ (i >> 3));
    const ptr = k.reserve(data.length);
    new Uint8Array(k.memory.buffer, ptr, data.length).set(data);
    expect(k.crc32(0, ptr, data.length) >>> 0).toBe(zlibCrc32(data));
    let a = 1,
      b = 0;
    for (const x of data) {
      a = (a + x) % 65521;
      b = (b + a) % 65521;
    }
    expect(k.adler32(1, ptr, data.length) >>> 0).toBe(((b << 16) | a) >>> 0);
  });
});
