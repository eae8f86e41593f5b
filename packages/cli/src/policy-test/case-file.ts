import type { Config } from '@mcp-trust/catalog';
import { formatCatalogProblem, parseConfig } from '@mcp-trust/catalog';
import type { DeepPartial, Effect, Facts } from '@mcp-trust/policy';
import { EFFECTS } from '@mcp-trust/policy';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import type { TraceEvent } from '../replay/trace-event.js';
import { readTraceEvent } from '../replay/trace-event.js';

/** One case of a `policy test` file, with the line it starts on for reports. */
export interface TestCase {
  name: string;
  line: number;
  expect: Effect;
  rules?: string[];
  facts?: DeepPartial<Facts>;
  trace?: TraceEvent[];
}

export interface CaseFile {
  file: string;
  /** The file's `policy`, `servers` and `mode`, read as a configuration (paths relative to the file). */
  config?: Config;
  cases: TestCase[];
  /** Formatted `file:line: …`; any one means the file's cases are not run. */
  errors: string[];
  /** The file has no top-level `cases` (a policy file kept beside the cases): not a case file at all. */
  notCases?: boolean;
}

const CASE_KEYS = ['name', 'facts', 'trace', 'expect', 'rules'];

/**
 * A case file is a configuration file plus `cases`, so it says which policy (and which servers,
 * with overlays) its cases run under in the same words the gateway's config does.
 */
export function parseCaseFile(text: string, file: string): CaseFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const casesNode = isMap(doc.contents) ? doc.contents.get('cases', true) : undefined;
  if (doc.errors.length === 0 && isMap(doc.contents) && !doc.contents.has('cases')) {
    return { file, cases: [], errors: [], notCases: true };
  }
  const parsed = parseConfig(text, file, { extraKeys: ['cases'] });
  const errors = parsed.problems.filter((p) => p.severity === 'error').map(formatCatalogProblem);
  const raw: unknown = doc.errors.length === 0 ? doc.toJS() : undefined;
  const list = typeof raw === 'object' && raw !== null ? (raw as { cases?: unknown }).cases : undefined;
  const cases: TestCase[] = [];
  if (!Array.isArray(list) || list.length === 0) {
    if (errors.length === 0) errors.push(`${file}: \`cases\` must be a non-empty list`);
    return { file, cases, errors };
  }
  list.forEach((item, i) => {
    const node = isSeq(casesNode) ? casesNode.items[i] : undefined;
    const offset = (node as { range?: [number] } | undefined)?.range?.[0] ?? 0;
    const line = lines.linePos(offset).line;
    const result = readCase(item, line);
    if (typeof result === 'string') errors.push(`${file}:${line}: ${result}`);
    else cases.push(result);
  });
  return parsed.config === undefined
    ? { file, cases, errors }
    : { file, config: parsed.config, cases, errors };
}

function readCase(item: unknown, line: number): TestCase | string {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'a case must be a mapping';
  const c = item as Record<string, unknown>;
  const unknown = Object.keys(c).filter((k) => !CASE_KEYS.includes(k));
  if (unknown.length > 0)
    return `unknown key ${JSON.stringify(unknown[0])} in a case (keys: ${CASE_KEYS.join(', ')})`;
  if (typeof c.name !== 'string' || c.name === '') return 'a case needs a `name`';
  if (typeof c.expect !== 'string' || !(EFFECTS as readonly string[]).includes(c.expect)) {
    return `case ${JSON.stringify(c.name)}: \`expect\` must be one of ${EFFECTS.join(', ')}`;
  }
  const out: TestCase = { name: c.name, line, expect: c.expect as Effect };
  if (c.rules !== undefined) {
    if (!Array.isArray(c.rules) || !c.rules.every((r) => typeof r === 'string')) {
      return `case ${JSON.stringify(c.name)}: \`rules\` must be a list of rule names`;
    }
    out.rules = c.rules;
  }
  if ((c.facts === undefined) === (c.trace === undefined)) {
    return `case ${JSON.stringify(c.name)}: give either \`facts\` or \`trace\``;
  }
  if (c.facts !== undefined) {
    if (typeof c.facts !== 'object' || c.facts === null || Array.isArray(c.facts)) {
      return `case ${JSON.stringify(c.name)}: \`facts\` must be a mapping`;
    }
    out.facts = c.facts as DeepPartial<Facts>;
    return out;
  }
  if (!Array.isArray(c.trace))
    return `case ${JSON.stringify(c.name)}: \`trace\` must be a list of trace events`;
  const events: TraceEvent[] = [];
  for (const [i, raw] of c.trace.entries()) {
    const parsed = readTraceEvent(raw);
    if ('error' in parsed) return `case ${JSON.stringify(c.name)}: trace[${i}]: ${parsed.error}`;
    events.push(parsed.event);
  }
  if (!events.some((e) => e.type === 'call'))
    return `case ${JSON.stringify(c.name)}: the trace has no call to decide`;
  out.trace = events;
  return out;
}
