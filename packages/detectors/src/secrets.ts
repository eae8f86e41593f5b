import type { Finding } from './types.js';

/** Placeholder: being written. */
export function detectSecrets(_text: string, _out: Finding[]): void {}
