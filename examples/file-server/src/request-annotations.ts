/**
 * What a `tools/call` request says about the data in the agent session, read defensively from
 * `params._meta`: SEP-1913's `annotations` (`openWorldHint`, `maliciousActivityHint`,
 * `returnMetadata`), issue #711's `privateHint`/`sensitiveHint`, and the interest group's
 * `io.modelcontextprotocol/trust-annotations` extension (`untrusted`, `sensitive`, `malicious`).
 *
 * Nothing here throws. A risk flag that is present but malformed reads as its risky value (fail
 * closed): a client that tried to say something and got it wrong must not make data look clean.
 */

export const TRUST_EXTENSION_KEY = 'io.modelcontextprotocol/trust-annotations';

export interface RequestTrust {
  /** Why the data counts as open-world (empty: it does not). */
  openWorld: string[];
  /** Why the data counts as sensitive. */
  sensitive: string[];
  /** Why the data counts as flagged malicious. */
  malicious: string[];
}

type Bag = Record<string, unknown>;

function isBag(value: unknown): value is Bag {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A boolean hint: `true`/`false` (or those strings); anything else present is risky. */
function flag(value: unknown): boolean {
  if (value === undefined || value === false || value === 'false') return false;
  return true;
}

/** The data classes in a `sensitivity` value that are not `none`; malformed entries count. */
function sensitiveClasses(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      if (item.trim().toLowerCase() !== 'none') out.push(item);
    } else if (isBag(item) && 'regulated' in item) {
      out.push(`regulated ${show(item.regulated)}`);
    } else {
      out.push(`unreadable class ${show(item)}`);
    }
  }
  return out;
}

/** `#711 sensitiveHint`: `none`/`false` say nothing; a level or anything malformed is sensitive. */
function levelIsSensitive(value: unknown): boolean {
  if (value === undefined || value === false || value === 'false') return false;
  return !(typeof value === 'string' && value.trim().toLowerCase() === 'none');
}

function readSep1913(annotations: unknown, at: string, out: RequestTrust): void {
  if (annotations === undefined) return;
  if (!isBag(annotations)) {
    out.openWorld.push(`${at} is not an object (${show(annotations)}), so nothing can be ruled out`);
    return;
  }
  const { openWorldHint, maliciousActivityHint, privateHint, sensitiveHint, returnMetadata } = annotations;
  if (flag(openWorldHint)) out.openWorld.push(`${at}.openWorldHint is ${show(openWorldHint)}`);
  if (flag(maliciousActivityHint))
    out.malicious.push(`${at}.maliciousActivityHint is ${show(maliciousActivityHint)}`);
  if (flag(privateHint)) out.sensitive.push(`${at}.privateHint is ${show(privateHint)}`);
  if (levelIsSensitive(sensitiveHint)) out.sensitive.push(`${at}.sensitiveHint is ${show(sensitiveHint)}`);
  // Not a SEP-1913 request field, but an obvious thing for a client to send: honour it.
  if (annotations.sensitivity !== undefined) {
    const classes = sensitiveClasses(annotations.sensitivity);
    if (classes.length > 0) out.sensitive.push(`${at}.sensitivity includes ${classes.join(', ')}`);
  }
  if (returnMetadata === undefined) return;
  if (!isBag(returnMetadata)) {
    out.sensitive.push(`${at}.returnMetadata is not an object (${show(returnMetadata)})`);
    return;
  }
  const sources = Array.isArray(returnMetadata.source) ? returnMetadata.source : [returnMetadata.source];
  if (sources.some((s) => typeof s === 'string' && s.toLowerCase() === 'untrustedpublic'))
    out.openWorld.push(`${at}.returnMetadata.source includes untrustedPublic`);
  if (returnMetadata.sensitivity !== undefined) {
    const classes = sensitiveClasses(returnMetadata.sensitivity);
    if (classes.length > 0)
      out.sensitive.push(`${at}.returnMetadata.sensitivity includes ${classes.join(', ')}`);
  }
}

function readExtension(ext: unknown, at: string, out: RequestTrust): void {
  if (ext === undefined) return;
  if (!isBag(ext)) {
    out.openWorld.push(`${at} is not an object (${show(ext)}), so nothing can be ruled out`);
    return;
  }
  if (flag(ext.untrusted)) out.openWorld.push(`${at}.untrusted is ${show(ext.untrusted)}`);
  if (flag(ext.malicious)) out.malicious.push(`${at}.malicious is ${show(ext.malicious)}`);
  if (extensionSensitive(ext.sensitive)) out.sensitive.push(`${at}.sensitive is ${show(ext.sensitive)}`);
}

/** The extension's overloaded `sensitive`: a boolean, a #711 level, or data classes. */
function extensionSensitive(sensitive: unknown): boolean {
  if (sensitive === undefined || sensitive === false || sensitive === 'false') return false;
  if (sensitive === true || sensitive === 'true') return true;
  if (typeof sensitive === 'string' && /^(low|medium|high)$/i.test(sensitive.trim())) return true;
  return sensitiveClasses(sensitive).length > 0;
}

/**
 * Reads the request's `_meta` as the SDK hands it to the handler (`ctx.mcpReq._meta`). On the
 * 2026-07-28 protocol the SDK lifts only its own reserved envelope keys out of it; the
 * trust-annotations extension key stays here.
 */
export function readRequestTrust(meta: unknown): RequestTrust {
  const out: RequestTrust = { openWorld: [], sensitive: [], malicious: [] };
  if (meta === undefined) return out;
  if (!isBag(meta)) {
    out.openWorld.push(`params._meta is not an object (${show(meta)}), so nothing can be ruled out`);
    return out;
  }
  readSep1913(meta.annotations, 'params._meta.annotations', out);
  readExtension(meta[TRUST_EXTENSION_KEY], `params._meta["${TRUST_EXTENSION_KEY}"]`, out);
  return out;
}
