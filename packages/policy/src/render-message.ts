import type { CelProgram } from './compile-cel.js';
import { compileCel } from './compile-cel.js';
import type { EvalContext } from './eval-context.js';

/**
 * Rule messages with `{{ … }}` placeholders. A placeholder is a fact path (`{{ tool.name }}`,
 * `{{ args.to.value }}`) or, more generally, any CEL expression over the facts
 * (`{{ sensitiveArgs(args) }}`): a fact path is itself a CEL expression, so one mechanism serves
 * both, and placeholders are type-checked at load like `when:`. Rendered only for matched rules.
 * Lists are joined with ", " (an empty one reads "(none)"); a value that is missing or fails to
 * evaluate renders as "?", so a message never makes a decision fail.
 */

export type MessagePart = string | { expression: string; program: CelProgram };

export type TemplateResult =
  | { ok: true; parts: readonly MessagePart[] }
  | { ok: false; message: string; index: number };

const OPEN = '{{';
const CLOSE = '}}';

export function compileTemplate(text: string): TemplateResult {
  const parts: MessagePart[] = [];
  let at = 0;
  for (;;) {
    const open = text.indexOf(OPEN, at);
    if (open < 0) break;
    const close = text.indexOf(CLOSE, open + OPEN.length);
    if (close < 0) return { ok: false, message: "placeholder '{{' is never closed with '}}'", index: open };
    if (open > at) parts.push(text.slice(at, open));
    const inner = text.slice(open + OPEN.length, close);
    const expression = inner.trim();
    const exprStart = open + OPEN.length + (inner.length - inner.trimStart().length);
    const compiled = compileCel(expression);
    if (!compiled.ok) {
      return {
        ok: false,
        message: `placeholder {{ ${expression} }}: ${compiled.message}`,
        index: exprStart + (compiled.index ?? 0),
      };
    }
    parts.push({ expression, program: compiled.program });
    at = close + CLOSE.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return { ok: true, parts };
}

export function renderMessage(parts: readonly MessagePart[], context: EvalContext): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    try {
      out += show(part.program(context));
    } catch {
      out += '?';
    }
  }
  return out;
}

function show(value: unknown): string {
  if (value === undefined || value === null) return '?';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    let out = show(value[0]);
    for (let i = 1; i < value.length; i++) out += `, ${show(value[i])}`;
    return out;
  }
  if (value instanceof Set) return show([...value]);
  if (typeof value === 'object') {
    const plain = value instanceof Map ? Object.fromEntries(value) : value;
    return JSON.stringify(plain, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
  }
  return String(value);
}
