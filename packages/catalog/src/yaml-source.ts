import type { Severity } from '@mcp-trust/core';
import type { Document, Node } from 'yaml';
import { isMap, isNode, isPair, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { CatalogProblem } from './catalog-problem.js';
import { pathString } from './catalog-problem.js';

type Key = string | number;

/**
 * A YAML document and where each of its values sits, so that every problem found in the plain
 * value (`value`) can be reported at the line and column of the node it came from.
 */
export class YamlSource {
  readonly problems: CatalogProblem[] = [];
  readonly value: unknown;
  private readonly lines = new LineCounter();
  private readonly doc: Document;

  constructor(
    text: string,
    readonly file: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    for (const e of this.doc.errors) this.atOffset(e.pos[0], `yaml-${e.code.toLowerCase()}`, e.message);
    for (const w of this.doc.warnings) {
      this.atOffset(w.pos[0], `yaml-${w.code.toLowerCase()}`, w.message, 'warning');
    }
    let value: unknown = null;
    if (this.doc.errors.length === 0) {
      try {
        // Aliases are expanded here; a billion-laughs document fails instead of eating memory.
        value = this.doc.toJS({ maxAliasCount: 100 });
      } catch (err) {
        this.atOffset(0, 'yaml-invalid', err instanceof Error ? err.message : String(err));
      }
    }
    this.value = value;
  }

  /** Report a problem at the value under `keys` (or, with `onKey`, at that key itself). */
  report(
    keys: readonly Key[],
    code: string,
    message: string,
    severity: Severity = 'error',
    onKey = false,
  ): void {
    const { line, col } = this.place(keys, onKey);
    this.problems.push({ file: this.file, line, col, path: pathString(keys), code, message, severity });
  }

  /** The 1-based line and column of the nearest node to `keys` that exists. */
  place(keys: readonly Key[], onKey = false): { line: number; col: number } {
    const offset = this.offsetOf(keys, onKey);
    return offset === undefined ? { line: 1, col: 1 } : this.lines.linePos(offset);
  }

  private atOffset(offset: number, code: string, message: string, severity: Severity = 'error'): void {
    const { line, col } = this.lines.linePos(offset);
    this.problems.push({ file: this.file, line, col, path: '$', code, message, severity });
  }

  private offsetOf(keys: readonly Key[], onKey: boolean): number | undefined {
    let node: unknown = this.doc.contents;
    let found = startOf(node);
    for (const [i, key] of keys.entries()) {
      const last = i === keys.length - 1;
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && keyText(p.key) === String(key));
        if (pair === undefined) return found;
        if (last && onKey) return startOf(pair.key) ?? found;
        node = pair.value;
        found = startOf(pair.value) ?? startOf(pair.key) ?? found;
      } else if (isSeq(node) && typeof key === 'number') {
        node = node.items[key];
        found = startOf(node) ?? found;
      } else return found;
    }
    return found;
  }
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return typeof key === 'string' ? key : undefined;
}

function startOf(node: unknown): number | undefined {
  return isNode(node) ? (node as Node).range?.[0] : undefined;
}
