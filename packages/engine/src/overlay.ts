import type { SensitivityTag, Source, ToolClaims } from '@mcp-trust/core';

/**
 * What an operator's overlay says about a server's tools, parsed (the catalog package reads the
 * YAML; the engine only consumes this shape). Overlays are trusted: they are the operator's word.
 */

/** One condition on one argument; every given test must hold. */
export interface ArgumentMatch {
  /** Argument name; a dotted path reaches into objects (`options.path`). */
  argument: string;
  equals?: string | number | boolean;
  /** Prefix of the argument's string value. */
  prefix?: string;
  /** RE2 regular expression (linear time) the string value must match. */
  matches?: string;
  /** The value is one of these. */
  in?: (string | number | boolean)[];
}

/** Refine the contract for calls whose arguments match, the way `tools/resolve` would. */
export interface OverlayResolver {
  /** All must hold. */
  when: ArgumentMatch[];
  claims: ToolClaims;
}

export interface ArgumentInfo {
  /** `recipient`, `destination`, `content`, `amount`, `selector`, … (free text; policies read it as `args.X.role`). */
  role?: string;
}

/**
 * Where the values of one field of a tool's results come from, when it differs from the result
 * as a whole: a file listing carries contents other people wrote (open-world), but its `id_` field
 * is assigned by the system. Values found only in such a field are indexed under this provenance
 * instead of the result's (never more than the result's own label says).
 */
export interface FieldProvenance {
  sources: Source[];
  sensitivity: SensitivityTag[];
}

export interface ToolOverlay {
  claims: ToolClaims;
  arguments: Record<string, ArgumentInfo>;
  resolvers: OverlayResolver[];
  /** Per-field provenance of results, by field name (`id_`, `id`). */
  fields?: Record<string, FieldProvenance>;
}

export interface Overlay {
  name: string;
  description?: string;
  tools: Record<string, ToolOverlay>;
  /** For tools the overlay does not list. */
  defaults?: ToolOverlay;
}
