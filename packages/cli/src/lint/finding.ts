import type { PathSegment } from './json-places.js';

/** SARIF's levels, which the table and JSON reports use too. */
export type Level = 'error' | 'warning' | 'note';

/** One thing `mcp-trust lint` has to say about one tool. */
export interface LintFinding {
  /** The tool's name (or `#index` when it has none). */
  tool: string;
  /** Index of the tool in the `tools` array. */
  index: number;
  /** Stable id: `schema/<keyword>`, `annotations/<code>`, `consistency/<code>`, `poisoning/<rule>`, `suggest/<code>`. */
  rule: string;
  level: Level;
  message: string;
  /** Path inside the tool definition (`annotations.inputMetadata.destination`). */
  path: PathSegment[];
}
