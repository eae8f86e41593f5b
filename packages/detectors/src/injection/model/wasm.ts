/**
 * The classifier's scan in WebAssembly (packages/detectors/assembly/classifier.ts): the same best
 * window as `scanWindows` over `readTokens` with the fast paths on, in about half the time. The
 * module is compiled on first use from the bytes in `wasm-binary.ts`; the character tables, the
 * weights and the text are copied into its memory.
 *
 * Where WebAssembly is missing, fails to compile, or fails during a scan, `scanWasm` returns
 * `undefined` from then on and the caller reads the text with the TypeScript scan: the findings
 * are the same either way, only slower.
 */
import { fastPaths } from '../fast-paths.js';
import { ASCII_WORD, CLASS, FOLD, MATH_FOLD } from './chars.js';
import { LEET } from './leet.js';
import type { Best } from './scan.js';
import { CUE_HASHES, HASH_BITS, PLAIN, SIZE } from './tokens.js';
import { WASM_BINARY } from './wasm-binary.js';

/** The parts of the WebAssembly API used here (the compiler's `lib` declares none of it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmGlobal {
  readonly value: number;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Global: abstract new () => WasmGlobal;
};

/** The switch: off, every text is read by the TypeScript scan (tests and benchmarks compare). */
export const wasm = { on: true };

/** The module's exports, and the constants the scan needs read once. */
interface Exports {
  memory: WasmMemory;
  scan(n: number, span: number): void;
  bestSum: WasmGlobal;
  bestStart: WasmGlobal;
  bestEnd: WasmGlobal;
  tokens: WasmGlobal;
  cellsAt: number;
  maxWindow: number;
}

let module: Exports | undefined;
/** Compiling or a scan failed: never try again in this process. */
let broken = false;
/** The weights the memory's cells hold. */
let cellsOf: Int8Array | undefined;
let units: Uint16Array | undefined;
let bytes: Buffer | undefined;
let textAt = 0;

/** An exported constant's value. */
function constant(x: Record<string, unknown>, name: string): number {
  const g = x[name];
  if (!(g instanceof WebAssembly.Global)) throw new Error(`classifier wasm: no export ${name}`);
  return (g as WasmGlobal).value;
}

function instantiate(): Exports {
  const code = new WebAssembly.Module(Buffer.from(WASM_BINARY, 'base64'));
  const x = new WebAssembly.Instance(code, {}).exports;
  if (constant(x, 'HASH_BITS') !== HASH_BITS)
    throw new Error(`classifier wasm: ${constant(x, 'HASH_BITS')} hash bits, scanner ${HASH_BITS}`);
  const memory = x.memory as WasmMemory;
  const buf = memory.buffer;
  new Uint8Array(buf, constant(x, 'CLASS_AT'), CLASS.length).set(CLASS);
  new Uint16Array(buf, constant(x, 'FOLD_AT'), FOLD.length).set(FOLD);
  new Uint8Array(buf, constant(x, 'ASCII_WORD_AT'), ASCII_WORD.length).set(ASCII_WORD);
  new Uint8Array(buf, constant(x, 'PLAIN_AT'), PLAIN.length).set(PLAIN);
  new Uint16Array(buf, constant(x, 'MATH_FOLD_AT'), MATH_FOLD.length).set(MATH_FOLD);
  new Uint8Array(buf, constant(x, 'LEET_AT'), LEET.length).set(LEET);
  const cues = new Int32Array(buf, constant(x, 'CUES_AT'), CUE_HASHES.length);
  if ((constant(x, 'CUE_COUNT_AT') - constant(x, 'CUES_AT')) / 4 < CUE_HASHES.length)
    throw new Error('classifier wasm: too many cue words');
  cues.set(CUE_HASHES);
  new Int32Array(buf, constant(x, 'CUE_COUNT_AT'), 1)[0] = CUE_HASHES.length;
  textAt = constant(x, 'TEXT_AT');
  for (const g of ['bestSum', 'bestStart', 'bestEnd', 'tokens']) constant(x, g);
  return {
    ...(x as unknown as Omit<Exports, 'cellsAt' | 'maxWindow'>),
    cellsAt: constant(x, 'CELLS_AT'),
    maxWindow: constant(x, 'MAX_WINDOW'),
  };
}

/** Puts `text` at `textAt`, growing the memory when it does not fit. */
function place(x: Exports, text: string): void {
  const need = textAt + 2 * text.length;
  const have = x.memory.buffer.byteLength;
  if (need > have) x.memory.grow(Math.ceil((need - have) / 65536));
  if (bytes === undefined || bytes.buffer !== x.memory.buffer) {
    bytes = Buffer.from(x.memory.buffer);
    units = new Uint16Array(x.memory.buffer);
  }
  // Node writes a string's code units as UTF-16LE natively; the loop is for a big-endian host.
  if (LITTLE_ENDIAN) bytes.write(text, textAt, 'utf16le');
  else for (let i = 0, at = textAt >>> 1; i < text.length; i++) units![at + i] = text.charCodeAt(i);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The most memory kept between scans: enough for a text of 15 M characters. */
const KEEP_BYTES = 32 * 1024 * 1024;

function release(): void {
  module = undefined;
  cellsOf = undefined;
  bytes = undefined;
  units = undefined;
}

/** The module, compiled and filled on first use; `undefined` when off or unusable. */
function ready(): Exports | undefined {
  if (broken || !wasm.on || !fastPaths.on) return undefined;
  try {
    module ??= instantiate();
  } catch {
    broken = true;
  }
  return module;
}

/**
 * The best window of at most `window` tokens of `text` under `weights`, as `scanWindows` reads it
 * (whole text, fast paths on); `undefined` when the WebAssembly scan is off or unusable.
 */
export function scanWasm(text: string, weights: Int8Array, window: number): Best | undefined {
  const x = ready();
  if (x === undefined) return undefined;
  try {
    if (cellsOf !== weights) {
      new Int16Array(x.memory.buffer, x.cellsAt, SIZE).set(
        Int16Array.from(weights.subarray(0, SIZE), (w) => w & 0xff),
      );
      cellsOf = weights;
    }
    place(x, text);
    x.scan(text.length, Math.max(1, Math.min(window, x.maxWindow)));
    const best = {
      sum: x.bestSum.value,
      start: x.bestStart.value,
      end: x.bestEnd.value,
      tokens: x.tokens.value,
    };
    // A memory never shrinks: after a text that grew it past `KEEP_BYTES`, let it go (the next
    // scan compiles and fills a new one, about a millisecond).
    if (x.memory.buffer.byteLength > KEEP_BYTES) release();
    return best;
  } catch {
    // Fail to the TypeScript scan, which gives the same reading.
    broken = true;
    release();
    return undefined;
  }
}

/** The bytes of memory the module holds now (0: none compiled); for tests. */
export function wasmMemoryBytes(): number {
  return module?.memory.buffer.byteLength ?? 0;
}

/** Whether texts are read by the WebAssembly scan (for tests and the benchmark's report). */
export function wasmReady(): boolean {
  return ready() !== undefined;
}
