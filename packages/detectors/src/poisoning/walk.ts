/**
 * The texts of a tool definition: its description and every string in its schemas and
 * annotations (descriptions, titles, defaults, enum values, examples — and property names), each
 * with the JSON path it sits at. Bounded, since a definition comes from an untrusted server.
 */

/** How deep the walk goes into nested schemas. */
const MAX_DEPTH = 24;
/** How many strings it reads. */
const MAX_STRINGS = 4000;
/** How many characters it reads in total. */
const MAX_CHARS = 1 << 20;

export interface ToolText {
  /** Where the text sits, e.g. `inputSchema.properties.notes.description`. */
  path: string;
  text: string;
}

/** Property names that are JSON Schema's own vocabulary, not text from the server. */
const KEYWORDS = new Set([
  'type',
  'properties',
  'items',
  'required',
  'description',
  'title',
  'default',
  'enum',
  'const',
  'examples',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  '$schema',
  '$defs',
  'definitions',
  '$ref',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
]);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Every string under `value`, depth-first, within the bounds. */
export function textsOf(root: Record<string, unknown>): ToolText[] {
  const out: ToolText[] = [];
  let chars = 0;
  const seen = new Set<unknown>();
  const push = (path: string, text: string): void => {
    if (out.length >= MAX_STRINGS || chars >= MAX_CHARS || text.length === 0) return;
    const t = text.length > MAX_CHARS - chars ? text.slice(0, MAX_CHARS - chars) : text;
    chars += t.length;
    out.push({ path, text: t });
  };
  const visit = (value: unknown, path: string, depth: number): void => {
    if (out.length >= MAX_STRINGS || chars >= MAX_CHARS) return;
    if (typeof value === 'string') {
      push(path, value);
      return;
    }
    if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) visit(value[i], join(path, i), depth + 1);
      return;
    }
    for (const [key, v] of Object.entries(value)) {
      if (!KEYWORDS.has(key)) push(`${join(path, key)} (name)`, key);
      visit(v, join(path, key), depth + 1);
    }
  };
  for (const [key, value] of Object.entries(root)) visit(value, key, 0);
  return out;
}
