import { writeToolAnnotations } from '@mcp-trust/core';
import type { GatewayCore } from './gateway-core.js';
import type { ExposedTool } from './tool-catalog.js';
import type { Json } from './wire.js';
import { isObject } from './wire.js';

/**
 * A tool as the host sees it: namespaced, and annotated with its effective contract (overlay ⊕
 * trusted claims ⊕ defaults) in SEP-1913 form rather than whatever the server claimed. A
 * quarantined tool stays listed, with a warning the model and the person can both read.
 */
export function listedTool(core: GatewayCore, t: ExposedTool): Json {
  const { contract } = core.engine.contract(t.server, t.tool);
  const own = isObject(t.definition.annotations) ? t.definition.annotations : {};
  const annotations: Json = { ...writeToolAnnotations(contract) };
  if (typeof own.title === 'string') annotations.title = own.title;
  const out: Json = { ...t.definition, name: t.name, annotations };
  const pin = core.catalog.pinStatus(t);
  if (!pin.ok) {
    const description = typeof t.definition.description === 'string' ? t.definition.description : '';
    out.description = `⚠ QUARANTINED by mcp-trust: ${pin.message}.\n\n${description}`;
    out._meta = {
      ...(isObject(t.definition._meta) ? t.definition._meta : {}),
      'mcp-trust/quarantined': pin.approvalId,
    };
  }
  return out;
}

/** `tools/resolve` as the gateway answers it: the contract for these arguments. */
export function resolvedTool(
  core: GatewayCore,
  t: ExposedTool,
  args: Record<string, unknown>,
  upstream?: unknown,
): Json {
  const { contract } = core.engine.contract(t.server, t.tool, args, upstream);
  return { tool: { name: t.name, annotations: writeToolAnnotations(contract) } };
}
