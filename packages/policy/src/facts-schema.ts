import { HINT_NAMES } from '@mcp-trust/core';
import type { AnnotationFacts, ArgFacts, Facts, LabelFacts, SessionFacts, ToolFacts } from './facts.js';

/**
 * The shape of `Facts` as data, so one declaration drives the CEL environment (types and
 * variables), the load-time check of `conditions` fact paths, and the conversion of facts into
 * CEL values. The `satisfies` clauses make a change to facts.ts a compile error here, so the
 * policy language cannot drift from the engine's contract.
 *
 * A field type is a CEL type string: a primitive, `list<string>`, `map<string, T>`, `dyn`, or the
 * name of one of the message types below.
 */

type Fields<T> = { readonly [K in keyof T]-?: string };

const LABEL = {
  openWorld: 'bool',
  malicious: 'bool',
  private: 'bool',
  sensitiveLevel: 'string',
  sources: 'list<string>',
  sensitivity: 'list<string>',
  attribution: 'list<string>',
} as const satisfies Fields<LabelFacts>;

const ANNOTATIONS = {
  openWorldHint: 'bool',
  maliciousActivityHint: 'bool',
  privateHint: 'bool',
  sensitiveHint: 'string',
  attribution: 'list<string>',
} as const satisfies Fields<AnnotationFacts>;

const DECLARED = {
  destination: 'bool',
  outcomes: 'bool',
  inputSensitivity: 'bool',
  returnSource: 'bool',
  returnSensitivity: 'bool',
} as const satisfies Fields<ToolFacts['declared']>;

/** `tool.hints` holds every hint (false where unset), so hint names are checked, not free keys. */
const HINTS: Readonly<Record<string, string>> = Object.fromEntries(HINT_NAMES.map((h) => [h, 'bool']));

const TOOL = {
  name: 'string',
  server: 'string',
  destination: 'list<string>',
  outcomes: 'list<string>',
  inputSensitivity: 'list<string>',
  returnSource: 'list<string>',
  returnSensitivity: 'list<string>',
  declared: 'Declared',
  hints: 'Hints',
  hintSet: 'Hints',
  sensitiveLevel: 'string',
  attribution: 'list<string>',
  annotations: 'map<string, dyn>',
} as const satisfies Fields<ToolFacts>;

const ARG = {
  value: 'dyn',
  label: 'Label',
  endorsed: 'bool',
  role: 'string',
} as const satisfies Fields<ArgFacts>;

const SESSION = {
  id: 'string',
  label: 'Label',
  calls: 'int',
  results: 'int',
  escalations: 'int',
  blocks: 'int',
} as const satisfies Fields<SessionFacts>;

/** Message types, in dependency order (a type is registered after the types its fields use). */
export const MESSAGE_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Label: LABEL,
  Annotations: ANNOTATIONS,
  Declared: DECLARED,
  Hints: HINTS,
  Tool: TOOL,
  Arg: ARG,
  Session: SESSION,
  Server: { name: 'string', trust: 'string' } satisfies Fields<Facts['server']>,
  Request: { annotations: 'Annotations' } satisfies Fields<Facts['request']>,
  Response: { label: 'Label', annotations: 'Annotations' } satisfies Fields<Facts['response']>,
};

/** The top-level facts: CEL variables and the first segment of every fact path. */
export const ROOT_FIELDS = {
  phase: 'string',
  tool: 'Tool',
  server: 'Server',
  args: 'map<string, Arg>',
  argsLabel: 'Label',
  session: 'Session',
  request: 'Request',
  response: 'Response',
} as const satisfies Fields<Facts>;

const MAP_OF = /^map<string, (.+)>$/;

/** The value type of a `map<string, T>` field type, or undefined for any other type. */
export function mapValueType(type: string): string | undefined {
  return MAP_OF.exec(type)?.[1];
}
