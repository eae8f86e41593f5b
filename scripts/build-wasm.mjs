#!/usr/bin/env node
/**
 * Compiles the detectors' AssemblyScript (packages/detectors/assembly/scan.ts) and writes
 * the binary, base64, into packages/detectors/src/injection/wasm-binary.ts, so the package
 * carries it as code and reads no file at run time. `--check` writes nothing and fails when the
 * committed binary is not what the source compiles to (a test runs it).
 *
 *   npm run build:wasm
 *   node scripts/build-wasm.mjs --check
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = 'packages/detectors/assembly/scan.ts';
const TARGET = 'packages/detectors/src/injection/wasm-binary.ts';
/** The compiler's options; part of what the binary is, so they are written into the target. */
const OPTIONS = ['-O3', '--noAssert', '--runtime', 'stub', '--initialMemory', '48'];

/** The binary `SOURCE` compiles to. */
export async function compile() {
  const { default: asc } = await import('assemblyscript/asc');
  const source = readFileSync(join(root, SOURCE), 'utf8');
  const files = new Map();
  const stderr = [];
  const { error } = await asc.main(['scan.ts', '--outFile', 'scan.wasm', ...OPTIONS], {
    readFile: (name) => (name === 'scan.ts' ? source : null),
    writeFile: (name, contents) => files.set(name, contents),
    listFiles: () => [],
    stdout: { write: () => true },
    stderr: { write: (s) => stderr.push(String(s)) },
  });
  const binary = files.get('scan.wasm');
  if (error || binary === undefined)
    throw new Error(`${SOURCE}: ${error?.message ?? 'no binary'}\n${stderr.join('')}`);
  return binary;
}

/** The TypeScript module that carries `binary`. */
export function render(binary) {
  const b64 = Buffer.from(binary).toString('base64');
  const lines = b64.match(/.{1,100}/g) ?? [];
  return `/**
 * The detectors' WebAssembly (${binary.length} bytes), compiled from packages/detectors/assembly/scan.ts
 * by \`npm run build:wasm\` with asc ${OPTIONS.join(' ')}. GENERATED — do not edit.
 */
export const WASM_BINARY = [
${lines.map((l) => `  '${l}',`).join('\n')}
].join('');
`;
}

/** Whether the committed module is what the source compiles to. */
export async function upToDate() {
  return readFileSync(join(root, TARGET), 'utf8') === render(await compile());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    if (!(await upToDate())) {
      console.error(`${TARGET} is not what ${SOURCE} compiles to: run npm run build:wasm`);
      process.exit(1);
    }
    console.log(`${TARGET} is up to date`);
  } else {
    const binary = await compile();
    writeFileSync(join(root, TARGET), render(binary));
    console.log(`${TARGET}: ${binary.length} bytes`);
  }
}
