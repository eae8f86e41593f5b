import { TrustError } from './trust-error.js';

/**
 * Attribution URIs in the forms SEP-1913 recommends: they say where data came from in a way a
 * person reading an audit trail can follow, unlike an opaque `file://` path. Path segments are
 * percent-encoded; `/` separates them and a trailing `/` is kept (a directory).
 */

/** `mcp://server-name.domain/path/to/resource`: data held by an MCP server. */
export function mcpUri(server: string, path = ''): string {
  return `mcp://${authority(server, 'server')}/${encodePath(path)}`;
}

/** `local://WORKSTATION.corp.acme.com/path/file`: a local file on a known machine. */
export function localUri(host: string, path: string): string {
  return `local://${authority(host, 'host')}/${encodePath(path)}`;
}

/** `local:anonymous/path/file`: a local file whose machine is not known. */
export function anonymousLocalUri(path: string): string {
  return `local:anonymous/${encodePath(path)}`;
}

/** `urn:org:acme:hr:salaries`: an organisation's resource. */
export function orgUrn(org: string, ...parts: string[]): string {
  const all = [org, ...parts];
  if (all.some((p) => p.trim() === '')) throw bad(`urn:org:${all.join(':')}`, 'every part must be non-empty');
  return `urn:org:${all.map((p) => encodeURIComponent(p.trim()).replaceAll('%3A', ':')).join(':')}`;
}

/**
 * Checks one attribution entry: a URI with a scheme, and not `file:`, which SEP-1913 asks
 * servers to avoid because it names no origin.
 *
 * @throws {TrustError} `bad-attribution`.
 */
export function checkAttribution(uri: string, path = 'attribution'): void {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(uri)) {
    throw bad(uri, 'not a URI (expected scheme:…, e.g. mcp://server.example.com/path)', path);
  }
  if (/^file:/i.test(uri)) {
    throw bad(
      uri,
      'an opaque file: URI; use mcpUri, localUri or anonymousLocalUri to say where it came from',
      path,
    );
  }
}

function authority(name: string, what: string): string {
  const trimmed = name.trim();
  if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(trimmed))
    throw bad(name, `not a ${what} name (letters, digits, dots, dashes)`);
  return trimmed;
}

function encodePath(path: string): string {
  return path
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

function bad(value: string, message: string, path = 'attribution'): TrustError {
  return new TrustError('bad-attribution', `attribution ${JSON.stringify(value)}`, [{ path, message }]);
}
