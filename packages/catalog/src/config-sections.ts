import { resolve } from 'node:path';
import type { Mode } from '@mcp-trust/policy';
import { MODES } from '@mcp-trust/policy';
import { pathString } from './catalog-problem.js';
import { readServer } from './config-server.js';
import type { Config } from './config-types.js';
import { DEFAULT_PACKS } from './config-types.js';
import {
  readEnum,
  readObject,
  readPositiveInt,
  readRecord,
  readString,
  readStringList,
} from './yaml-checks.js';
import type { YamlSource } from './yaml-source.js';

/**
 * The top-level keys of the configuration file, one reader each. This table is the extension
 * point: a new section (`gateway:`, `approvals:`, …) is a new entry here, a new field on `Config`,
 * a new property in schema/config.schema.json and a paragraph in docs/configuration.md. A key not
 * in this table is an error with a "did you mean" hint, so typos never pass silently.
 */
export type SectionReader = (src: YamlSource, value: unknown, config: Config) => void;

export const CONFIG_SECTIONS: Readonly<Record<string, SectionReader>> = {
  mode: (src, value, config) => {
    config.mode = readEnum<Mode>(src, value, ['mode'], '`mode`', MODES) ?? config.mode;
  },
  servers: (src, value, config) => {
    const entries = readRecord(src, value, ['servers'], '`servers`') ?? {};
    for (const [name, raw] of Object.entries(entries)) {
      const server = readServer(src, name, raw, config.dir);
      if (server === undefined) continue;
      config.servers[name] = server;
      if (server.overlay !== undefined) remember(src, config, ['servers', name, 'overlay']);
    }
  },
  policy: (src, value, config) => {
    const obj = readObject(src, value, ['policy'], '`policy`', ['packs', 'files']);
    if (obj === undefined) return;
    if (obj.packs !== undefined)
      config.policy.packs = readStringList(src, obj.packs, ['policy', 'packs'], '`policy.packs`') ?? [
        ...DEFAULT_PACKS,
      ];
    if (obj.files !== undefined) {
      const files = readStringList(src, obj.files, ['policy', 'files'], '`policy.files`') ?? [];
      config.policy.files = files.map((f) => resolve(config.dir, f));
      for (const i of files.keys()) remember(src, config, ['policy', 'files', i]);
    }
  },
  gateway: (src, value, config) => {
    const obj = readObject(src, value, ['gateway'], '`gateway`', [
      'separator',
      'timeout',
      'maxMessageBytes',
      'maxUpstreamMessageBytes',
      'durability',
    ]);
    if (obj === undefined) return;
    if (obj.separator !== undefined) {
      const sep = readString(src, obj.separator, ['gateway', 'separator'], '`gateway.separator`');
      if (sep !== undefined && !SEPARATOR.test(sep)) {
        src.report(
          ['gateway', 'separator'],
          'invalid-value',
          `\`gateway.separator\` must be 1 to 4 of the characters _ - . / : (tool names hosts accept), got ${JSON.stringify(sep)}`,
        );
      } else if (sep !== undefined) config.gateway.separator = sep;
    }
    if (obj.timeout !== undefined)
      config.gateway.timeoutMs =
        readPositiveInt(src, obj.timeout, ['gateway', 'timeout'], '`gateway.timeout` (ms)') ??
        config.gateway.timeoutMs;
    for (const key of ['maxMessageBytes', 'maxUpstreamMessageBytes'] as const)
      if (obj[key] !== undefined)
        config.gateway[key] =
          readPositiveInt(src, obj[key], ['gateway', key], `\`gateway.${key}\``) ?? config.gateway[key];
    if (obj.durability !== undefined)
      config.gateway.durability =
        readEnum(src, obj.durability, ['gateway', 'durability'], '`gateway.durability`', DURABILITY) ??
        config.gateway.durability;
  },
  store: (src, value, config) => {
    const store = readString(src, value, ['store'], '`store`');
    if (store !== undefined) config.store = store === 'memory' ? 'memory' : resolve(config.dir, store);
  },
};

const DURABILITY = ['normal', 'full'] as const;

/** Separators hosts accept inside tool names; server names never contain them except `_`/`-`. */
const SEPARATOR = /^[_\-./:]{1,4}$/;

function remember(src: YamlSource, config: Config, keys: (string | number)[]): void {
  config.places[pathString(keys)] = src.place(keys);
}
