import type { Finding } from './types.js';

/** Placeholder: being written. */
export function detectInjection(_text: string, _out: Finding[]): void {}
