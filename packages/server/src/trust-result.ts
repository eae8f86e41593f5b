import type { DataClaims } from '@mcp-trust/core';
import { labelResult, readResultAnnotations } from '@mcp-trust/core';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import type { DeclaredTool } from './declare-tools.js';
import type { ResultForm } from './result-label.js';
import { checkResultAnnotations, labelOfClaims, metaOfLabel } from './result-label.js';
import { isRecord } from './sdk-server.js';
import { TrustError } from './trust-error.js';
import type { ResultAnnotations } from './wire-types.js';

/** One content item and what the server knows about it. */
export interface LabelledContent {
  content: ContentBlock;
  annotations: ResultAnnotations;
}

export interface TrustResultOptions {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  /** Where the response's label goes: `sep1913` (`_meta.annotations`, the default), `extension`, or `both`. */
  form?: ResultForm;
  /**
   * Also label each content block, in its own `_meta`: `extension` (the newer drafts' per-block
   * `io.modelcontextprotocol/trust-annotations`) or `sep1913`. Default: only the response is
   * labelled, as SEP-1913 has it.
   */
  perBlock?: ResultForm;
  /**
   * The tool's declaration. A successful result whose annotations fall outside the declared
   * possible sets (or that is flagged malicious when the tool declared it never would be) is
   * refused. Error results are exempt: their text is the server's own.
   */
  tool?: DeclaredTool;
}

/**
 * A `CallToolResult` whose response annotations aggregate its items' as SEP-1913 requires: it is
 * open-world or malicious if any item is, its attribution is the union, and its sources and data
 * classes are the union of the items' (partial, so left out of `returnMetadata`, when only some
 * items say). The aggregation is `@mcp-trust/core`'s reader's, so a client reading the result
 * with mcp-trust gets exactly this label.
 *
 * @throws {TrustError} for malformed annotations (naming `content[i]._meta.annotations…`), an
 *   attribution that is not a URI, or a result wider than `opts.tool`'s declaration.
 */
export function trustResult(
  items: readonly LabelledContent[],
  opts: TrustResultOptions = {},
): CallToolResult {
  const own = items.map((item, i) =>
    checkResultAnnotations(item.annotations, `content[${i}]._meta.annotations`),
  );
  const annotated = items.map((item) => withMeta(item.content, { annotations: item.annotations }));
  const claims = readResultAnnotations({ content: annotated }).value;
  if (opts.tool !== undefined && opts.isError !== true) checkWithin(opts.tool, claims);
  const perBlock = opts.perBlock;
  const content =
    perBlock === undefined
      ? items.map((item) => item.content)
      : items.map((item, i) => withMeta(item.content, metaOfLabel(labelOfClaims(own[i]!), perBlock)));
  const result: CallToolResult = {
    content,
    _meta: metaOfLabel(labelOfClaims(claims), opts.form ?? 'sep1913'),
  };
  if (opts.structuredContent !== undefined) result.structuredContent = opts.structuredContent;
  if (opts.isError === true) result.isError = true;
  return result;
}

/** `trustResult` for the common case: one text block. */
export function textResult(
  text: string,
  annotations: ResultAnnotations,
  opts: TrustResultOptions = {},
): CallToolResult {
  return trustResult([{ content: { type: 'text', text }, annotations }], opts);
}

function checkWithin(tool: DeclaredTool, claims: DataClaims): void {
  const issues = labelResult(tool.contract, claims).violations.map((v) => ({
    path: `_meta.annotations.returnMetadata.${v.field === 'returnSource' ? 'source' : 'sensitivity'}`,
    message: `{${v.claimed.join(', ')}} is outside the declared {${v.declared.join(', ')}}`,
  }));
  if (claims.malicious === true && tool.contract.hints.maliciousActivityHint === false) {
    issues.push({
      path: '_meta.annotations.maliciousActivityHint',
      message: 'the tool declares maliciousActivityHint: false (its results are never flagged)',
    });
  }
  if (issues.length > 0)
    throw new TrustError('wider-than-declared', `result of ${JSON.stringify(tool.name)}`, issues);
}

function withMeta(block: ContentBlock, entries: Record<string, unknown>): ContentBlock {
  const meta = isRecord(block._meta) ? block._meta : {};
  return { ...block, _meta: { ...meta, ...entries } } as ContentBlock;
}
