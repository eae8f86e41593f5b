import type { ToolClaims } from './claims.js';
import type { ContractSetField, ToolContract } from './contract.js';
import { CONTRACT_SET_FIELDS, FULL_SETS } from './contract.js';
import { DESTINATIONS, OUTCOMES, SOURCES } from './enums.js';
import { ACTION_METADATA_KEY } from './ext-action-reader.js';
import { HINT_NAMES } from './hints.js';
import type { WireForm, WireObject } from './wire-values.js';
import { wireEnum, wireSensitivity } from './wire-values.js';

/**
 * Tool annotations for `tools/list` (or a `tools/resolve` answer), from claims or a contract.
 * SEP-1913 requires every field of a metadata object, so a partly declared one is completed with
 * the full set of each missing field: unknown, written the only way the wire can say it.
 */

export interface WriteToolOptions {
  form?: WireForm;
}

type SetFields = Partial<Record<ContractSetField, readonly string[]>>;
type FullSets = Readonly<Record<ContractSetField, readonly string[]>>;

export function writeToolAnnotations(
  src: ToolClaims | ToolContract,
  opts: WriteToolOptions = {},
): WireObject {
  const out: WireObject = {};
  const contract = isContract(src) ? src : undefined;
  if (!isContract(src) && src.title !== undefined) out.title = src.title;
  for (const name of HINT_NAMES) {
    const value = src.hints[name];
    if (typeof value === 'boolean') out[name] = value;
  }
  if (src.sensitiveLevel !== undefined && src.sensitiveLevel !== 'none')
    out.sensitiveHint = src.sensitiveLevel;
  // A contract always holds an attribution list; an empty one is no claim.
  if (src.attribution !== undefined && (contract === undefined || src.attribution.length > 0)) {
    out.attribution = [...src.attribution];
  }
  const given: SetFields = contract === undefined ? src : declaredFields(contract);
  const full: FullSets = contract ?? FULL_SETS;
  const metadata: WireObject = {};
  if (given.destination ?? given.outcomes ?? given.inputSensitivity) {
    metadata.inputMetadata = {
      destination: wireEnum(given.destination ?? full.destination, DESTINATIONS),
      sensitivity: wireSensitivity(given.inputSensitivity ?? full.inputSensitivity, true),
      outcomes: wireEnum(given.outcomes ?? full.outcomes, OUTCOMES),
    };
  }
  if (given.returnSource ?? given.returnSensitivity) {
    metadata.returnMetadata = {
      source: wireEnum(given.returnSource ?? full.returnSource, SOURCES),
      sensitivity: wireSensitivity(given.returnSensitivity ?? full.returnSensitivity, true),
    };
  }
  if (opts.form !== 'extension') Object.assign(out, metadata);
  else if (Object.keys(metadata).length > 0) out[ACTION_METADATA_KEY] = metadata;
  return out;
}

function isContract(src: ToolClaims | ToolContract): src is ToolContract {
  return Object.hasOwn(src, 'declared');
}

function declaredFields(contract: ToolContract): SetFields {
  const out: SetFields = {};
  for (const field of CONTRACT_SET_FIELDS) if (contract.declared[field]) out[field] = contract[field];
  return out;
}
