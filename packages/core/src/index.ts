/**
 * The public surface of @mcp-trust/core: the label model. Named exports only; anything not
 * listed here is internal.
 */

export type { ContractLayer } from './build-contract.js';
export { buildContract, defaultContract } from './build-contract.js';
export { offersToolResolution, TOOL_RESOLUTION_KEY } from './capabilities.js';
export type { DataClaims, Dialect, ReadResult, ToolClaims } from './claims.js';
export { checkToolAnnotations, checkToolClaims } from './consistency.js';
export type {
  ContractField,
  ContractSetField,
  FieldOrigin,
  ToolContract,
} from './contract.js';
export { CONTRACT_SET_FIELDS, FULL_SETS } from './contract.js';
export type { ContractViolation } from './contract-violation.js';
export { readDataAnnotations } from './data-annotations-reader.js';
export type { DataClass, DataClassName, RegulatoryScope, SensitivityTag } from './data-class.js';
export {
  ALL_SENSITIVITY,
  DATA_CLASS_NAMES,
  dataClassesOfTags,
  isRegulatedTag,
  scopesOf,
  tagsOfDataClass,
  tagsWithin,
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
export { ACTION_METADATA_KEY } from './ext-action-reader.js';
export { TRUST_ANNOTATIONS_KEY } from './ext-trust-reader.js';
export type { HintName, Hints } from './hints.js';
export { HINT_NAMES, isHintName, isRiskRaising, RISKY_HINT_VALUE, SEP1984_HINTS } from './hints.js';
export { isBottom, join, joinAll, labelEquals, leq } from './join.js';
export type { DataLabel, LabelInit } from './label.js';
export { BOTTOM, makeLabel } from './label.js';
export { narrowContract } from './narrow-contract.js';
export type { ParsedDataLabel } from './parse-label.js';
export { parseDataLabel } from './parse-label.js';
export type { Problem, Severity } from './problem.js';
export { carriesNoAnnotations, readRequestAnnotations, readResultAnnotations } from './read-result.js';
export { expectedLabel, labelResult } from './result-label.js';
export {
  DataClaimsSchema,
  DataClassSchema,
  DataLabelSchema,
  DestinationSchema,
  HintsSchema,
  OutcomeSchema,
  ProblemSchema,
  SensitiveLevelSchema,
  SensitivityTagSchema,
  SourceSchema,
  ToolClaimsSchema,
  ToolContractSchema,
} from './schemas.js';
export { readToolAnnotations, readToolDefinition } from './tool-annotations-reader.js';
export type { Trust } from './trust-filter.js';
export { filterDataClaims, filterToolClaims } from './trust-filter.js';
export type { WireForm, WireObject, WireValue } from './wire-values.js';
export type { WriteToolOptions } from './write-annotations.js';
export { writeToolAnnotations } from './write-annotations.js';
export type { ShareLevel, WriteMetaOptions } from './write-meta.js';
export { writeRequestMeta, writeResultMeta } from './write-meta.js';
