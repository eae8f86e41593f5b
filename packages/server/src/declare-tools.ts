import type { ToolClaims, ToolContract, WireForm } from '@mcp-trust/core';
import { buildContract, writeToolAnnotations } from '@mcp-trust/core';
import { readDeclaration } from './tool-annotations.js';
import type { TrustToolAnnotations, TrustToolAnnotationsInit } from './wire-types.js';

/** A tool's static declaration: what goes in `tools/list`, and what resolution and policies check against. */
export interface DeclaredTool {
  readonly name: string;
  /** `annotations` for `tools/list` (SEP-1913 form unless the extension form was asked for). */
  readonly annotations: TrustToolAnnotations;
  /** The declaration in canonical form. */
  readonly claims: ToolClaims;
  /** The tool's contract: each declared possible set; undeclared fields are the full set. */
  readonly contract: ToolContract;
  /** The form its annotations are written in. */
  readonly form: WireForm;
}

/**
 * Declares a server's tools once: each declaration is checked (see `toolAnnotations`) and turned
 * into wire annotations and a contract. Pass `tools.NAME.annotations` to `registerTool`, and the
 * whole record to `registerToolResolution` and `createCallGuard`.
 *
 * @throws {TrustError} naming the tool and the JSON path of the first bad declaration.
 */
export function declareTools<const T extends Readonly<Record<string, TrustToolAnnotationsInit>>>(
  tools: T,
  opts: { form?: WireForm } = {},
): { readonly [K in keyof T]: DeclaredTool } {
  const form = opts.form ?? 'sep1913';
  const out: Record<string, DeclaredTool> = {};
  for (const [name, init] of Object.entries(tools)) {
    const claims = readDeclaration(init, `tool ${JSON.stringify(name)}`);
    out[name] = Object.freeze({
      name,
      annotations: writeToolAnnotations(claims, { form }) as TrustToolAnnotations,
      claims,
      contract: buildContract(name, [{ origin: 'declared', claims }]),
      form,
    });
  }
  return Object.freeze(out) as { readonly [K in keyof T]: DeclaredTool };
}
