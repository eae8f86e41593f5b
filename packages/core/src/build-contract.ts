import type { ToolClaims } from './claims.js';
import type { ContractField, ContractSetField, FieldOrigin, ToolContract } from './contract.js';
import { CONTRACT_SET_FIELDS, FULL_SETS } from './contract.js';
import type { Hints } from './hints.js';
import { HINT_NAMES } from './hints.js';
import { setOf, union } from './sets.js';

/** One source of claims about a tool, already trust-filtered. */
export interface ContractLayer {
  readonly origin: FieldOrigin;
  readonly claims: ToolClaims;
}

type MutableContract = { -readonly [K in keyof ToolContract]: ToolContract[K] };

/** The contract of a tool nobody said anything about: every set full, no hints. */
export function defaultContract(tool: string): ToolContract {
  return {
    tool,
    ...FULL_SETS,
    hints: {},
    attribution: [],
    declared: {
      destination: false,
      outcomes: false,
      inputSensitivity: false,
      returnSource: false,
      returnSensitivity: false,
    },
    origin: {},
  };
}

/**
 * overlay ⊕ trusted claims ⊕ defaults. Layers are listed in precedence order (the operator's
 * overlay first, then the server's filtered claims): per field, the first layer that says
 * something wins, and what no layer says stays unknown (the full set). Attribution is the union
 * of every layer's, since it records provenance rather than risk.
 */
export function buildContract(tool: string, layers: readonly ContractLayer[]): ToolContract {
  const c = defaultContract(tool) as MutableContract;
  const declared = { ...c.declared };
  const origin: Partial<Record<ContractField, FieldOrigin>> = {};
  const hints: Hints = {};
  for (const field of CONTRACT_SET_FIELDS) {
    const layer = layers.find((l) => l.claims[field] !== undefined);
    if (!layer) continue;
    setField(c, field, layer.claims[field] as readonly string[]);
    declared[field] = true;
    origin[field] = layer.origin;
  }
  for (const name of HINT_NAMES) {
    const layer = layers.find((l) => l.claims.hints[name] !== undefined);
    if (!layer) continue;
    hints[name] = layer.claims.hints[name] as boolean;
    origin[name] = layer.origin;
  }
  const level = layers.find((l) => l.claims.sensitiveLevel !== undefined);
  if (level) {
    c.sensitiveLevel = level.claims.sensitiveLevel;
    origin.sensitiveLevel = level.origin;
  }
  for (const layer of layers) {
    if (layer.claims.attribution === undefined) continue;
    c.attribution = union(c.attribution, setOf(layer.claims.attribution));
    origin.attribution ??= layer.origin;
  }
  c.hints = hints;
  c.declared = declared;
  c.origin = origin;
  return c;
}

export function setField(c: MutableContract, field: ContractSetField, values: readonly string[]): void {
  (c as Record<ContractSetField, readonly string[]>)[field] = setOf(values);
}

export type { MutableContract };
