/** The binary packages/detectors/assembly/scan.ts compiles to. */
export function compile(): Promise<Uint8Array>;
/** The TypeScript module that carries `binary`. */
export function render(binary: Uint8Array): string;
/** Whether the committed wasm-binary.ts is what the source compiles to. */
export function upToDate(): Promise<boolean>;
