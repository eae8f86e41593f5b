/**
 * Zod schemas of the canonical model, for state that was serialised and comes back: sessions
 * restored from a store, traces, claims handed between processes. They check shape only; the
 * wire dialects are the readers' business, and canonical form (sorted sets, upper-case scopes) is
 * `parseDataLabel`'s.
 */
import { z } from 'zod';
import type { DataClaims, ToolClaims } from './claims.js';
import type { FieldOrigin, ToolContract } from './contract.js';
import { CONTRACT_SET_FIELDS } from './contract.js';
import type { DataClass, SensitivityTag } from './data-class.js';
import { DATA_CLASS_NAMES, normaliseScope } from './data-class.js';
import { DESTINATIONS, OUTCOMES, SENSITIVE_LEVELS, SOURCES, UNKNOWN } from './enums.js';
import type { Hints } from './hints.js';
import { HINT_NAMES } from './hints.js';
import type { DataLabel } from './label.js';
import type { Problem } from './problem.js';

export const DestinationSchema = z.enum(DESTINATIONS);
export const OutcomeSchema = z.enum(OUTCOMES);
export const SourceSchema = z.enum(SOURCES);
export const SensitiveLevelSchema = z.enum(SENSITIVE_LEVELS);

/** SEP-1913's wire shape: a `regulated` class must say which regimes apply, even if none. */
export const DataClassSchema = z.union(
  [z.enum(DATA_CLASS_NAMES), z.strictObject({ regulated: z.strictObject({ scopes: z.array(z.string()) }) })],
  { error: 'expected a data class: none, user, pii, financial, credentials or {regulated: {scopes}}' },
) satisfies z.ZodType<DataClass>;

const PLAIN_TAGS = ['user', 'pii', 'financial', 'credentials', 'regulated', UNKNOWN] as const;
const REGULATED_PREFIX = 'regulated:';

// A blank scope never comes out of `tagsOfDataClass`, so a stored one is corruption, not data.
const ScopedTagSchema = z
  .templateLiteral([REGULATED_PREFIX, z.string()])
  .refine((tag) => normaliseScope(tag.slice(REGULATED_PREFIX.length)).length > 0);

/** The label model's flat data-class tags (see `data-class.ts`). */
export const SensitivityTagSchema = z.union([z.enum(PLAIN_TAGS), ScopedTagSchema], {
  error:
    'expected a sensitivity tag: user, pii, financial, credentials, regulated, regulated:SCOPE or unknown',
}) satisfies z.ZodType<SensitivityTag>;

const SourceOrUnknownSchema = z.union([SourceSchema, z.literal(UNKNOWN)], {
  error: `expected a source (${SOURCES.join(', ')}) or unknown`,
});

/** Tri-state hints: a hint that is absent is no claim, so every key is optional. */
export const HintsSchema = z.partialRecord(z.enum(HINT_NAMES), z.boolean()) satisfies z.ZodType<Hints>;

export const DataLabelSchema = z.strictObject({
  openWorld: z.boolean(),
  malicious: z.boolean(),
  private: z.boolean(),
  sensitiveLevel: SensitiveLevelSchema,
  sources: z.array(SourceOrUnknownSchema),
  sensitivity: z.array(SensitivityTagSchema),
  attribution: z.array(z.string()),
}) satisfies z.ZodType<DataLabel>;

const FIELD_ORIGINS = [
  'overlay',
  'declared',
  'resolved',
  'default',
] as const satisfies readonly FieldOrigin[];
const CONTRACT_FIELDS = [...CONTRACT_SET_FIELDS, ...HINT_NAMES, 'attribution', 'sensitiveLevel'] as const;

export const ToolContractSchema = z.strictObject({
  tool: z.string(),
  destination: z.array(DestinationSchema),
  outcomes: z.array(OutcomeSchema),
  inputSensitivity: z.array(SensitivityTagSchema),
  returnSource: z.array(SourceSchema),
  returnSensitivity: z.array(SensitivityTagSchema),
  hints: HintsSchema,
  sensitiveLevel: SensitiveLevelSchema.optional(),
  attribution: z.array(z.string()),
  // Exhaustive: a contract that forgot whether a field was declared cannot be explained.
  declared: z.record(z.enum(CONTRACT_SET_FIELDS), z.boolean()),
  origin: z.partialRecord(z.enum(CONTRACT_FIELDS), z.enum(FIELD_ORIGINS)),
}) satisfies z.ZodType<ToolContract>;

export const ToolClaimsSchema = z.strictObject({
  title: z.string().optional(),
  hints: HintsSchema,
  sensitiveLevel: SensitiveLevelSchema.optional(),
  destination: z.array(DestinationSchema).optional(),
  outcomes: z.array(OutcomeSchema).optional(),
  inputSensitivity: z.array(SensitivityTagSchema).optional(),
  returnSource: z.array(SourceSchema).optional(),
  returnSensitivity: z.array(SensitivityTagSchema).optional(),
  attribution: z.array(z.string()).optional(),
}) satisfies z.ZodType<ToolClaims>;

export const DataClaimsSchema = z.strictObject({
  openWorld: z.boolean().optional(),
  malicious: z.boolean().optional(),
  private: z.boolean().optional(),
  sensitiveLevel: SensitiveLevelSchema.optional(),
  sources: z.array(SourceOrUnknownSchema).optional(),
  sensitivity: z.array(SensitivityTagSchema).optional(),
  attribution: z.array(z.string()).optional(),
}) satisfies z.ZodType<DataClaims>;

export const ProblemSchema = z.strictObject({
  path: z.string(),
  code: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
}) satisfies z.ZodType<Problem>;
