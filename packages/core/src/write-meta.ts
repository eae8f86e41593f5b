import { SOURCES, UNKNOWN } from './enums.js';
import { TRUST_ANNOTATIONS_KEY } from './ext-trust-reader.js';
import type { DataLabel } from './label.js';
import type { WireForm, WireObject, WireValue } from './wire-values.js';
import { wireEnum, wireSensitivity } from './wire-values.js';

/**
 * `_meta` for results and requests, from a label. Only fields that say something are written,
 * except `openWorldHint`, which is always there: "not open-world" is what a clean result says.
 */

/** How much of a session's label a server is sent with a call (`servers.X.share` in the config). */
export type ShareLevel = 'none' | 'minimal' | 'full';

export interface WriteMetaOptions {
  form?: WireForm;
}

export function writeResultMeta(label: DataLabel, opts: WriteMetaOptions = {}): WireObject {
  return metaOf(label, 'full', opts.form);
}

/**
 * `minimal` sends the flags (#711: an annotation once set in a session MUST be in every later
 * request); `full` adds attribution and data classes, which say more about the user's data.
 */
export function writeRequestMeta(
  label: DataLabel,
  opts: WriteMetaOptions & { share: ShareLevel },
): WireObject {
  return opts.share === 'none' ? {} : metaOf(label, opts.share, opts.form);
}

function metaOf(label: DataLabel, share: 'minimal' | 'full', form: WireForm | undefined): WireObject {
  return form === 'extension'
    ? { [TRUST_ANNOTATIONS_KEY]: trustExtension(label, share) }
    : { annotations: annotations(label, share) };
}

function openWorld(label: DataLabel): boolean {
  return label.openWorld || label.sources.includes('untrustedPublic');
}

function annotations(label: DataLabel, share: 'minimal' | 'full'): WireObject {
  const out: WireObject = { openWorldHint: openWorld(label) };
  if (label.malicious) out.maliciousActivityHint = true;
  if (share === 'full' && label.attribution.length > 0) out.attribution = [...label.attribution];
  if (label.private) out.privateHint = true;
  if (label.sensitiveLevel !== 'none') out.sensitiveHint = label.sensitiveLevel;
  // SEP-1913 has no way to say "at least these": a partial set is left out rather than overstated as exact.
  const exact =
    label.sources.length > 0 && !label.sources.includes(UNKNOWN) && !label.sensitivity.includes(UNKNOWN);
  if (share === 'full' && exact) {
    out.returnMetadata = {
      source: wireEnum(label.sources, SOURCES),
      sensitivity: wireSensitivity(label.sensitivity, false),
    };
  }
  return out;
}

function trustExtension(label: DataLabel, share: 'minimal' | 'full'): WireObject {
  const out: WireObject = { untrusted: openWorld(label), sensitive: sensitiveOf(label, share) };
  if (label.malicious) out.malicious = true;
  if (share === 'full' && label.attribution.length > 0) out.attribution = [...label.attribution];
  return out;
}

/**
 * `sensitive` holds one thing, so it says the most useful true thing: with full sharing, the data
 * classes when the set is complete, else `true` (sensitive, class not said); then the #711 level;
 * then `"low"` for data that is only private (#711 defines low as "internal-only").
 */
function sensitiveOf(label: DataLabel, share: 'minimal' | 'full'): WireValue {
  const partial = label.sensitivity.includes(UNKNOWN);
  if (share === 'full' && label.sensitivity.length > 0) {
    return partial ? true : wireSensitivity(label.sensitivity, false);
  }
  if (label.sensitiveLevel !== 'none') return label.sensitiveLevel;
  if (label.sensitivity.length > 0) return true;
  return label.private ? 'low' : false;
}
