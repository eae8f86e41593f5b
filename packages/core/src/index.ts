/**
 * The public surface of @mcp-trust/core: the label model. Named exports only; anything not
 * listed here is internal.
 */

export type { DataClaims, Dialect, ReadResult, ToolClaims } from './claims.js';
export type {
  ContractField,
  ContractSetField,
  FieldOrigin,
  ToolContract,
} from './contract.js';
export { CONTRACT_SET_FIELDS, FULL_SETS } from './contract.js';
export type { DataClass, DataClassName, RegulatoryScope, SensitivityTag } from './data-class.js';
export {
  ALL_SENSITIVITY,
  DATA_CLASS_NAMES,
  dataClassesOfTags,
  isRegulatedTag,
  scopesOf,
  tagsOfDataClass,
} from './data-class.js';
export type { Destination, Outcome, SensitiveLevel, Source, Unknown } from './enums.js';
export {
  DESTINATIONS,
  isDestination,
  isOutcome,
  isSensitiveLevel,
  isSource,
  maxLevel,
  OUTCOMES,
  SENSITIVE_LEVELS,
  SOURCES,
  UNKNOWN,
} from './enums.js';
export type { HintName, Hints } from './hints.js';
export { HINT_NAMES, isHintName, isRiskRaising, RISKY_HINT_VALUE, SEP1984_HINTS } from './hints.js';
export { isBottom, join, joinAll, labelEquals, leq } from './join.js';
export type { DataLabel, LabelInit } from './label.js';
export { BOTTOM, makeLabel } from './label.js';
export type { Problem, Severity } from './problem.js';
