import type { Finding } from './types.js';

/** Placeholder: being written. */
export function detectPii(_text: string, _out: Finding[]): void {}
