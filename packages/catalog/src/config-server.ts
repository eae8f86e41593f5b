import { resolve } from 'node:path';
import type { ShareLevel, Trust } from '@mcp-trust/core';
import type { ServerConfig } from './config-types.js';
import { DEFAULT_SHARE, DEFAULT_TRUST } from './config-types.js';
import { isOverlayPath } from './load-overlay.js';
import type { Path } from './yaml-checks.js';
import {
  describe,
  isPlainObject,
  readEnum,
  readObject,
  readString,
  readStringList,
  readStringMap,
} from './yaml-checks.js';
import type { YamlSource } from './yaml-source.js';

const SERVER_KEYS = [
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'trust',
  'overlay',
  'share',
  'tools',
] as const;
const TRUSTS: readonly Trust[] = ['trusted', 'untrusted'];
const SHARES: readonly ShareLevel[] = ['none', 'minimal', 'full'];

/** Server names become namespaces (`files__read_file`) and trace keys, so they stay plain. */
export const SERVER_NAME = /^[A-Za-z0-9_-]+$/;

/** One `servers.NAME` entry, defaults applied; `undefined` on any error in it. */
export function readServer(
  src: YamlSource,
  name: string,
  value: unknown,
  dir: string,
): ServerConfig | undefined {
  const path: Path = ['servers', name];
  const errorsBefore = src.problems.length;
  if (!SERVER_NAME.test(name)) {
    src.report(
      path,
      'invalid-name',
      `server name ${JSON.stringify(name)} must match [A-Za-z0-9_-]+: it becomes a namespace`,
      'error',
      true,
    );
  }
  const obj = readObject(src, value ?? {}, path, `server ${JSON.stringify(name)}`, SERVER_KEYS);
  if (obj === undefined) return undefined;
  const at = (key: string): Path => [...path, key];
  const server: ServerConfig = {
    name,
    trust:
      obj.trust === undefined
        ? DEFAULT_TRUST
        : (readEnum(src, obj.trust, at('trust'), '`trust`', TRUSTS) ?? DEFAULT_TRUST),
    share:
      obj.share === undefined
        ? DEFAULT_SHARE
        : (readEnum(src, obj.share, at('share'), '`share`', SHARES) ?? DEFAULT_SHARE),
  };
  const stdio = ['command', 'args', 'env', 'cwd'].filter((k) => obj[k] !== undefined);
  const http = ['url', 'headers'].filter((k) => obj[k] !== undefined);
  if (stdio.length > 0 && http.length > 0) {
    src.report(
      path,
      'mixed-transport',
      `server ${JSON.stringify(name)} mixes stdio keys (${stdio.join(', ')}) with HTTP keys (${http.join(', ')}): give either \`command\` or \`url\``,
    );
  } else if (stdio.length > 0 && obj.command === undefined) {
    src.report(
      path,
      'missing-field',
      `server ${JSON.stringify(name)} has ${stdio.join(', ')} but no \`command\` to run`,
    );
  } else if (http.length > 0 && obj.url === undefined) {
    src.report(path, 'missing-field', `server ${JSON.stringify(name)} has headers but no \`url\``);
  } else if (stdio.length > 0) {
    const command = readString(src, obj.command, at('command'), '`command`');
    const args = obj.args === undefined ? [] : readStringList(src, obj.args, at('args'), '`args`');
    const env = obj.env === undefined ? {} : readStringMap(src, obj.env, at('env'), '`env`');
    const cwd = obj.cwd === undefined ? undefined : readString(src, obj.cwd, at('cwd'), '`cwd`');
    if (command !== undefined && args !== undefined && env !== undefined) {
      server.upstream = { kind: 'stdio', command, args, env };
      if (cwd !== undefined) server.upstream.cwd = resolve(dir, cwd);
    }
  } else if (http.length > 0) {
    const url = readString(src, obj.url, at('url'), '`url`');
    const headers =
      obj.headers === undefined ? {} : readStringMap(src, obj.headers, at('headers'), '`headers`');
    if (url !== undefined && !/^https?:\/\/[^/\s]/i.test(url)) {
      src.report(
        at('url'),
        'invalid-url',
        `\`url\` must be an http:// or https:// URL, got ${describe(url)}`,
      );
    } else if (url !== undefined && headers !== undefined) server.upstream = { kind: 'http', url, headers };
  }
  if (obj.overlay !== undefined) {
    const overlay = readString(src, obj.overlay, at('overlay'), '`overlay`');
    if (overlay !== undefined) server.overlay = isOverlayPath(overlay) ? resolve(dir, overlay) : overlay;
  }
  if (obj.tools !== undefined) server.tools = readTools(src, obj.tools, at('tools'));
  return src.problems.slice(errorsBefore).some((p) => p.severity === 'error') ? undefined : server;
}

/** Inline `tools/list` entries. Their annotations are the server's claims, checked by the engine's trust filter, so only the shape is checked here. */
function readTools(src: YamlSource, value: unknown, path: Path): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value)) {
    src.report(path, 'invalid-type', `\`tools\` must be a list of tool definitions, got ${describe(value)}`);
    return undefined;
  }
  const out: Record<string, unknown>[] = [];
  value.forEach((tool, i) => {
    if (!isPlainObject(tool))
      src.report([...path, i], 'invalid-type', `a tool must be a mapping, got ${describe(tool)}`);
    else if (typeof tool.name !== 'string' || tool.name === '')
      src.report([...path, i], 'missing-field', 'a tool needs a `name`');
    else out.push(tool);
  });
  return out.length === value.length ? out : undefined;
}
