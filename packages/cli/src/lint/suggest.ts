import type { ToolClaims } from '@mcp-trust/core';
import type { Level } from './finding.js';

export interface Suggestion {
  code: string;
  level: Level;
  message: string;
  path: (string | number)[];
}

// Words in a tool's name or description that say it sends data somewhere, or reads the web.
const SENDS =
  /\b(send|sends|sending|e-?mail|post|posts|publish|upload|share|tweet|message|notify|webhook|comment|reply|invite|transfer|pay)\b/i;
const READS_WEB =
  /\b(fetch|fetches|browse|scrape|crawl|web ?page|website|url|urls|search the web|web search|http)\b/i;

/**
 * Metadata worth adding: what a host has to assume when it is missing, and a value to start from
 * where the tool's hints or words suggest one. Missing metadata is never an error — MCP does not
 * require it — but every gap makes hosts ask or block more often.
 */
export function suggestions(def: Record<string, unknown>, claims: ToolClaims): Suggestion[] {
  const out: Suggestion[] = [];
  const words = `${typeof def.name === 'string' ? def.name.replaceAll(/[_-]/g, ' ') : ''} ${typeof def.description === 'string' ? def.description : ''}`;
  const { hints } = claims;
  if (def.annotations === undefined) {
    out.push({
      code: 'no-annotations',
      level: 'warning',
      message:
        'no annotations: hosts must assume the worst (inputs may go anywhere, outputs may be untrusted, calls may be irreversible) and will ask or block more often',
      path: [],
    });
  }
  const inputDeclared = claims.destination !== undefined || claims.outcomes !== undefined;
  if (!inputDeclared) {
    const start =
      hints.readOnlyHint === true
        ? ' — it is read-only, so {"destination": "ephemeral", "sensitivity": "none", "outcomes": "benign"} may fit'
        : '';
    out.push({
      code: 'missing-input-metadata',
      level: SENDS.test(words) ? 'warning' : 'note',
      message: SENDS.test(words)
        ? `the tool seems to send data out, but declares no inputMetadata.destination: say where inputs go ("user", "internal", "public") so hosts can keep private data from leaking and allow the rest`
        : `add inputMetadata {destination, sensitivity, outcomes}: without it a host assumes any destination and irreversible outcomes${start}`,
      path: ['annotations'],
    });
  }
  const returnDeclared = claims.returnSource !== undefined || claims.returnSensitivity !== undefined;
  if (!returnDeclared) {
    const web = READS_WEB.test(words) && hints.openWorldHint !== true;
    out.push({
      code: 'missing-return-metadata',
      level: web ? 'warning' : 'note',
      message: web
        ? 'the tool seems to read the web, but declares neither returnMetadata.source nor openWorldHint: declare {"source": "untrustedPublic"} so hosts treat what it returns as untrusted'
        : 'add returnMetadata {source, sensitivity}: without it a host treats every result as untrusted and as sensitive as anything',
      path: ['annotations'],
    });
  }
  if (hints.openWorldHint === undefined && def.annotations !== undefined) {
    out.push({
      code: 'missing-open-world-hint',
      level: 'note',
      message: 'set openWorldHint (true when the tool reaches or returns content from outside your system)',
      path: ['annotations'],
    });
  }
  if (hints.destructiveHint === true && claims.outcomes === undefined && hints.reversibleHint === undefined) {
    out.push({
      code: 'destructive-without-outcomes',
      level: 'note',
      message:
        'destructiveHint is true: say whether it can be undone (inputMetadata.outcomes "irreversible" or "consequential", or reversibleHint)',
      path: ['annotations', 'destructiveHint'],
    });
  }
  return out;
}
