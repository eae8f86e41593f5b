import type { Problem } from '@mcp-trust/core';
import { checkToolClaims, readToolDefinition } from '@mcp-trust/core';
import { scanTool } from '@mcp-trust/detectors';
import type { Level, LintFinding } from './finding.js';
import { segmentsOfPath } from './json-places.js';
import { schemaFindings } from './schema-check.js';
import { suggestions } from './suggest.js';

const LEVEL: Record<Problem['severity'], Level> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * Everything `mcp-trust lint` checks on one tool definition: its shape, its annotations against
 * the JSON Schema, what the dialect readers and the consistency checks say, the tool-poisoning
 * detector, and metadata worth adding.
 */
export function checkTool(tool: unknown, index: number): LintFinding[] {
  const def = isObject(tool) ? tool : undefined;
  const name = typeof def?.name === 'string' && def.name !== '' ? def.name : `#${index}`;
  const out: LintFinding[] = [];
  const add = (rule: string, level: Level, message: string, path: (string | number)[]): void => {
    out.push({ tool: name, index, rule, level, message, path });
  };
  if (def === undefined) {
    add('definition/not-an-object', 'error', 'a tool must be a JSON object', []);
    return out;
  }
  const read = readToolDefinition(def);
  for (const p of read.problems)
    add(`annotations/${p.code}`, LEVEL[p.severity], p.message, segmentsOfPath(p.path));
  if (!isObject(def.inputSchema)) {
    add('definition/input-schema', 'error', 'inputSchema is missing or not an object (MCP requires one)', [
      'inputSchema',
    ]);
  } else if (def.inputSchema.type !== 'object') {
    add('definition/input-schema', 'error', 'inputSchema.type must be "object"', ['inputSchema', 'type']);
  }
  out.push(...schemaFindings(name, index, def.annotations));
  for (const p of checkToolClaims(read.value.claims, '$.annotations'))
    add(`consistency/${p.code}`, LEVEL[p.severity], p.message, segmentsOfPath(p.path));
  const scan = scanTool({ ...def, name } as Parameters<typeof scanTool>[0]);
  for (const f of scan.findings) {
    add(
      f.rule,
      scan.malicious ? 'error' : 'warning',
      `${f.message} (score ${f.score.toFixed(2)}${scan.malicious ? '; hosts behind mcp-trust quarantine this tool' : ''})`,
      placeOfFinding(f.message),
    );
  }
  for (const s of suggestions(def, read.value.claims)) add(`suggest/${s.code}`, s.level, s.message, s.path);
  return out;
}

/** Poisoning findings start with the path of the text they came from (`inputSchema.properties.x.description: …`). */
function placeOfFinding(message: string): (string | number)[] {
  const colon = message.indexOf(': ');
  if (colon < 0) return [];
  return segmentsOfPath(`$.${message.slice(0, colon).replace(/ \(name\)$/, '')}`);
}

/** Tools that share a name: a host can only call one of them. */
export function duplicateNames(tools: readonly unknown[]): LintFinding[] {
  const first = new Map<string, number>();
  const out: LintFinding[] = [];
  tools.forEach((t, index) => {
    const name = isObject(t) && typeof t.name === 'string' ? t.name : undefined;
    if (name === undefined) return;
    const seen = first.get(name);
    if (seen === undefined) first.set(name, index);
    else
      out.push({
        tool: name,
        index,
        rule: 'definition/duplicate-name',
        level: 'error',
        message: `another tool (index ${seen}) has the same name`,
        path: ['name'],
      });
  });
  return out;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
