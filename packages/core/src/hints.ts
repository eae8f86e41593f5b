/**
 * The boolean tool hints, each tri-state on the wire (`true`, `false`, or absent = no claim, as
 * SEP-1984 spells out), with the value that raises risk. The trust filter keeps a hint from an
 * untrusted server only when it carries that value.
 */

export const HINT_NAMES = [
  // MCP's own
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
  // SEP-1487
  'trustedHint',
  // SEP-1913
  'maliciousActivityHint',
  // #711, first form (tool level: the tool may return private data)
  'privateHint',
  // SEP-1984
  'aiProcessingHint',
  'slowExecutionHint',
  'resourceIntensiveHint',
  'sensitiveDataHint',
  'privilegedAccessHint',
  'reversibleHint',
] as const;
export type HintName = (typeof HINT_NAMES)[number];

export const SEP1984_HINTS = [
  'aiProcessingHint',
  'slowExecutionHint',
  'resourceIntensiveHint',
  'sensitiveDataHint',
  'privilegedAccessHint',
  'reversibleHint',
] as const satisfies readonly HintName[];

/** Tri-state hints: a key that is absent means "no claim". */
export type Hints = Partial<Record<HintName, boolean>>;

/** The value of each hint that means "more risk". */
export const RISKY_HINT_VALUE: Readonly<Record<HintName, boolean>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
  trustedHint: false,
  maliciousActivityHint: true,
  privateHint: true,
  aiProcessingHint: true,
  slowExecutionHint: true,
  resourceIntensiveHint: true,
  sensitiveDataHint: true,
  privilegedAccessHint: true,
  reversibleHint: false,
};

export function isHintName(key: string): key is HintName {
  return (HINT_NAMES as readonly string[]).includes(key);
}

export function isRiskRaising(name: HintName, value: boolean): boolean {
  return RISKY_HINT_VALUE[name] === value;
}
