import type { LineCounter, Node } from 'yaml';
import { isScalar } from 'yaml';
import type { PolicyProblem, ProblemCode, ProblemSeverity } from './problems.js';

/** Where problems in one file go: its name and line counter, and the list they are added to. */
export class ProblemSink {
  constructor(
    readonly file: string,
    readonly text: string,
    readonly lines: LineCounter,
    readonly problems: PolicyProblem[],
  ) {}

  /** A problem at a source offset. */
  at(offset: number, code: ProblemCode, message: string, severity: ProblemSeverity = 'error'): void {
    const { line, col } = this.lines.linePos(offset);
    this.problems.push({ file: this.file, line, col, code, message, severity });
  }

  /** A problem at a node (its first character), or at the file's start when there is no node. */
  node(node: Node | null | undefined, code: ProblemCode, message: string, severity?: ProblemSeverity): void {
    this.at(node?.range?.[0] ?? 0, code, message, severity);
  }

  /** The line and column of a node, for a rule's `source`. */
  placeOf(node: Node): { line: number; col: number } {
    return this.lines.linePos(node.range?.[0] ?? 0);
  }

  /**
   * The source offset of character `index` of a scalar's value, where the scalar's form lets us
   * map it exactly (single-line plain or quoted, or a `|` block); otherwise the scalar's start.
   * Used to point CEL errors at the exact column inside a `when:` expression.
   */
  offsetInScalar(node: Node, index: number): number {
    const start = node.range?.[0] ?? 0;
    if (!isScalar(node) || typeof node.value !== 'string') return start;
    const value = node.value;
    if (node.type === 'PLAIN' && !value.includes('\n')) return start + index;
    if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && !value.includes('\n')) {
      // Escapes would shift columns; without any, value and source line up after the quote.
      const raw = this.text.slice(start + 1, start + 1 + value.length);
      return raw === value ? start + 1 + index : start;
    }
    if (node.type === 'BLOCK_LITERAL') return this.offsetInLiteral(start, value, index) ?? start;
    return start;
  }

  private offsetInLiteral(start: number, value: string, index: number): number | undefined {
    const before = value.slice(0, index);
    const lineInValue = before.split('\n').length - 1;
    const colInLine = index - (before.lastIndexOf('\n') + 1);
    // The block's content starts on the line after its `|` header.
    const headerEnd = this.text.indexOf('\n', start);
    if (headerEnd < 0) return undefined;
    let lineStart = headerEnd + 1;
    for (let k = 0; k < lineInValue; k++) {
      const next = this.text.indexOf('\n', lineStart);
      if (next < 0) return undefined;
      lineStart = next + 1;
    }
    const firstContent = this.text.slice(headerEnd + 1).match(/^ */)?.[0].length ?? 0;
    return lineStart + firstContent + colInLine;
  }
}
