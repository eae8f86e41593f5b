import type { InputParse, ReturnParse } from './action-metadata-reader.js';
import { mergeParses, readInputMetadata, readReturnMetadata } from './action-metadata-reader.js';
import type { ReadContext } from './read-context.js';
import { isRecord, keyPath, show } from './read-context.js';

/**
 * The Tool Annotations interest group's extension form of SEP-1913's action metadata:
 * `annotations["io.modelcontextprotocol/action-metadata"] = {inputMetadata?, returnMetadata?}`,
 * also seen with the short keys `input`/`return`. The wrapper is open (unknown keys warn); the
 * metadata objects inside are SEP-1913's, closed.
 */

export const ACTION_METADATA_KEY = 'io.modelcontextprotocol/action-metadata';

export function readActionMetadataExtension(
  ctx: ReadContext,
  raw: unknown,
  path: string,
): { input: InputParse; ret: ReturnParse } {
  ctx.saw('ext-action-metadata');
  let input: InputParse = {};
  let ret: ReturnParse = {};
  if (!isRecord(raw)) {
    ctx.wrongType(path, raw, 'an object {inputMetadata?, returnMetadata?}; ignored');
    return { input, ret };
  }
  for (const key of ctx.keys(raw, path)) {
    const at = keyPath(path, key);
    const value = ctx.get(raw, key, path);
    if (value === undefined) continue;
    if (key === 'inputMetadata' || key === 'input') {
      input = mergeParses(ctx, input, readInputMetadata(ctx, value, at, 'ext-action-metadata'), at);
    } else if (key === 'returnMetadata' || key === 'return') {
      ret = mergeParses(ctx, ret, readReturnMetadata(ctx, value, at, 'ext-action-metadata'), at);
    } else {
      ctx.report(at, 'unknown-key', `${show(key)} is not part of ${ACTION_METADATA_KEY}; ignored`, 'warning');
    }
  }
  return { input, ret };
}
