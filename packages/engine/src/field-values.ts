import type { DataLabel } from '@mcp-trust/core';
import { makeLabel } from '@mcp-trust/core';
import { normaliseValue } from './normalise.js';
import type { FieldProvenance } from './overlay.js';

/**
 * Per-field provenance (an overlay's `fields`): in text results, `name: value` lines (YAML,
 * e-mail headers, listings) of a declared field are cut out of the text and their values kept
 * apart, so that the rest of the text is indexed under the result's label and the field values
 * under the field's own. A value that also appears elsewhere in the result is indexed under both,
 * and the index joins them: an id an injected document names stays open-world.
 */

// The same shape value-keys.ts indexes as `name: value` lines, bounded per line.
const FIELD_LINE = /^([ \t-]{0,8})([A-Za-z_][\w .-]{0,39})(:[ \t]+)([^\n]{1,200})$/gm;

export interface FieldValue {
  field: string;
  value: string;
}

/** The text with declared fields' values blanked out, and those values. */
export function cutFieldLines(
  text: string,
  fields: Readonly<Record<string, FieldProvenance>>,
): { text: string; values: FieldValue[] } {
  const values: FieldValue[] = [];
  if (!text.includes(':')) return { text, values };
  const rest = text.replace(FIELD_LINE, (line, lead: string, name: string, sep: string, value: string) => {
    if (!Object.hasOwn(fields, name)) return line;
    const v = normaliseValue(value);
    if (v.length > 0) values.push({ field: name, value: v });
    return `${lead}${name}${sep}${' '.repeat(value.length)}`;
  });
  return { text: rest, values };
}

/**
 * The label of a declared field's values: what the field declares, but never more than the
 * result's own label says (so every index label stays below the session label), and never
 * open-world or malicious: the field is the system's, not the content's.
 */
export function fieldLabel(result: DataLabel, field: FieldProvenance): DataLabel {
  return makeLabel({
    private: result.private,
    sensitiveLevel: result.sensitiveLevel,
    sources: field.sources.filter((s) => result.sources.includes(s)),
    sensitivity: field.sensitivity.filter((t) => result.sensitivity.includes(t)),
    attribution: result.attribution,
  });
}
