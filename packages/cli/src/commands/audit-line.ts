import type { AuditRecord, JsonValue } from '@mcp-trust/store';

/**
 * One audit record on one line: time, seq, session, kind, then a short summary of its data
 * (`event`, then `id`, then the other keys as `key=value`; hashes shortened), cut to fit a
 * terminal. `--json` has the whole record.
 */
export function auditLine(r: AuditRecord): string {
  const time = `${r.at.slice(0, 19)}Z`;
  return `${time}  ${String(r.seq).padStart(6)}  ${fit(r.session, 12)}  ${fit(r.kind, 8)}  ${summary(r.data)}`.trimEnd();
}

function summary(data: JsonValue): string {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return cut(JSON.stringify(data), 100);
  const { event, id, ...rest } = data;
  const parts = event === undefined ? [] : [typeof event === 'string' ? event : `event=${scalar(event)}`];
  if (id !== undefined) parts.push(`id=${scalar(id)}`);
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}=${scalar(value)}`);
  return cut(parts.join(' '), 100);
}

// Hashes are for machines; a prefix is enough to tell them apart at a glance.
const scalar = (v: JsonValue): string => {
  if (typeof v !== 'string') return JSON.stringify(v);
  if (/^[0-9a-f]{64}$/.test(v)) return `${v.slice(0, 12)}…`;
  return /[\s"]/.test(v) ? JSON.stringify(v) : v;
};
const cut = (text: string, width: number): string =>
  text.length <= width ? text : `${text.slice(0, width - 1)}…`;
const fit = (text: string, width: number): string => cut(text.replace(/\s+/g, ' '), width).padEnd(width);
