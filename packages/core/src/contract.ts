import type { SensitivityTag } from './data-class.js';
import { ALL_SENSITIVITY } from './data-class.js';
import type { Destination, Outcome, SensitiveLevel, Source } from './enums.js';
import { DESTINATIONS, OUTCOMES, SOURCES } from './enums.js';
import type { HintName, Hints } from './hints.js';

/** The possible-set fields of a contract. */
export const CONTRACT_SET_FIELDS = [
  'destination',
  'outcomes',
  'inputSensitivity',
  'returnSource',
  'returnSensitivity',
] as const;
export type ContractSetField = (typeof CONTRACT_SET_FIELDS)[number];

/** Where a contract field's value came from, for explanations. */
export type FieldOrigin = 'overlay' | 'declared' | 'resolved' | 'default';

export type ContractField = ContractSetField | HintName | 'attribution' | 'sensitiveLevel';

/**
 * What a tool may do. Each set field is a *possible set*: the tool may do any of these. A field
 * nobody trusted declared is the full set, with `declared[field] = false`, so "unknown" is never
 * mistaken for "safe" and policies can still tell the two apart.
 */
export interface ToolContract {
  readonly tool: string;
  readonly destination: readonly Destination[];
  readonly outcomes: readonly Outcome[];
  readonly inputSensitivity: readonly SensitivityTag[];
  readonly returnSource: readonly Source[];
  readonly returnSensitivity: readonly SensitivityTag[];
  /** Tri-state hints: absent = no (believed) claim. */
  readonly hints: Readonly<Hints>;
  readonly sensitiveLevel?: SensitiveLevel;
  readonly attribution: readonly string[];
  readonly declared: Readonly<Record<ContractSetField, boolean>>;
  readonly origin: Readonly<Partial<Record<ContractField, FieldOrigin>>>;
}

/** The full set of each set field: what "undeclared" means. */
export const FULL_SETS: {
  readonly destination: readonly Destination[];
  readonly outcomes: readonly Outcome[];
  readonly inputSensitivity: readonly SensitivityTag[];
  readonly returnSource: readonly Source[];
  readonly returnSensitivity: readonly SensitivityTag[];
} = {
  destination: [...DESTINATIONS].sort(),
  outcomes: [...OUTCOMES].sort(),
  inputSensitivity: ALL_SENSITIVITY,
  returnSource: [...SOURCES].sort(),
  returnSensitivity: ALL_SENSITIVITY,
};
