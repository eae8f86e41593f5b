import type { Node } from 'yaml';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';

/** A step into JSON: an object key or an array index. */
export type PathSegment = string | number;

/** A line and column (both from 1) in a source file. */
export interface Place {
  line: number;
  col: number;
}

/**
 * Line and column of JSON paths in a document's source text, so a finding in a saved
 * `tools/list` file can point at `tools.json:12:7`. JSON is YAML, so the YAML parser keeps the
 * source ranges for us. A path that goes deeper than the document (a missing key) points at the
 * deepest part that exists: where the missing key belongs.
 */
export class JsonPlaces {
  private readonly lines = new LineCounter();
  private readonly root: Node | null;

  constructor(text: string) {
    const doc = parseDocument(text, { lineCounter: this.lines, keepSourceTokens: false, uniqueKeys: false });
    this.root = doc.errors.length > 0 ? null : (doc.contents as Node | null);
  }

  placeOf(path: readonly PathSegment[]): Place | undefined {
    if (this.root === null) return undefined;
    let node: Node = this.root;
    for (const seg of path) {
      const next = child(node, seg);
      if (next === undefined) break;
      node = next;
    }
    const offset = node.range?.[0];
    return offset === undefined ? undefined : this.lines.linePos(offset);
  }
}

function child(node: Node, seg: PathSegment): Node | undefined {
  if (isSeq(node) && typeof seg === 'number') return (node.items[seg] as Node | undefined) ?? undefined;
  if (isMap(node) && typeof seg === 'string') {
    for (const pair of node.items) {
      const key = pair.key as { value?: unknown } | null;
      if (key !== null && key.value === seg) return (pair.value as Node | null) ?? (pair.key as Node);
    }
  }
  return undefined;
}

/**
 * Segments of a core problem path (`$.annotations.inputMetadata["io.x/y"][0]`). Anything it
 * cannot read stops the path there: the place is then the deepest part it could follow.
 */
export function segmentsOfPath(path: string): PathSegment[] {
  const out: PathSegment[] = [];
  const re = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  re.lastIndex = path.startsWith('$') ? 1 : 0;
  while (re.lastIndex < path.length) {
    const m = re.exec(path);
    if (m === null) break;
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else if (m[3] !== undefined) out.push(JSON.parse(m[3]) as string);
  }
  return out;
}

/** Segments of a JSON Pointer (`/inputMetadata/destination/0`), as Ajv reports `instancePath`. */
export function segmentsOfPointer(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}

/** `$.tools[3].annotations.x` from segments. */
export function pathText(segments: readonly PathSegment[]): string {
  let out = '$';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`;
  }
  return out;
}
