// The gradient tool's WASM module: rasteriser (png/raster.ts) and PNG encoder (png/encoder.ts,
// with its zlib stream in png/deflate.ts). The checksums are exported for tests.

export { reserve } from "./shared/memory";
export { crc32Update as crc32 } from "./shared/crc32";
export { adler32 } from "./shared/adler32";
export { rasterRGBA, setGradient } from "./png/raster";
export { outPtr, pngBegin, pngEncodeRows, pngRowsDone } from "./png/encoder";
