import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CatalogProblem } from './catalog-problem.js';
import { hasErrors } from './catalog-problem.js';
import { CONFIG_SECTIONS } from './config-sections.js';
import type { Config } from './config-types.js';
import { DEFAULT_GATEWAY, DEFAULT_MODE, DEFAULT_PACKS, DEFAULT_STORE } from './config-types.js';
import { readObject } from './yaml-checks.js';
import { YamlSource } from './yaml-source.js';

export interface ConfigParse {
  /** Present only when the file has no errors: a gateway must not start on a half-read config. */
  config?: Config;
  problems: CatalogProblem[];
}

export interface ParseConfigOptions {
  /** Directory that relative paths are resolved against; default: the file's directory. */
  dir?: string;
  /**
   * Top-level keys that another reader handles (a policy test file's `cases`): accepted here and
   * left alone, so one file can hold a config and something else with every place still right.
   */
  extraKeys?: readonly string[];
}

/** A configuration file's text → the config with defaults applied, or every problem with its place. */
export function parseConfig(text: string, file: string, opts: ParseConfigOptions = {}): ConfigParse {
  const dir = opts.dir ?? dirname(resolve(file));
  const config = defaultConfig(file, dir);
  const src = new YamlSource(text, file);
  if (hasErrors(src.problems)) return { problems: src.problems };
  // An empty file is a valid config: every default.
  const obj =
    src.value === null
      ? {}
      : readObject(src, src.value, [], 'the configuration', [
          ...Object.keys(CONFIG_SECTIONS),
          ...(opts.extraKeys ?? []),
        ]);
  if (obj === undefined) return { problems: src.problems };
  for (const [key, value] of Object.entries(obj)) CONFIG_SECTIONS[key]?.(src, value, config);
  return hasErrors(src.problems) ? { problems: src.problems } : { config, problems: src.problems };
}

/** Read and parse a configuration file; relative paths in it are relative to it. Never throws. */
export function loadConfig(path: string, opts: Omit<ParseConfigOptions, 'dir'> = {}): ConfigParse {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    const message = `cannot read the configuration file: ${code}`;
    return {
      problems: [{ file, line: 0, col: 0, path: '$', code: 'unreadable', message, severity: 'error' }],
    };
  }
  return parseConfig(text, file, opts);
}

/** The configuration used when there is no file: no servers, `enforce`, the `default` pack, the default store. */
export function defaultConfig(file = '<defaults>', dir = process.cwd()): Config {
  return {
    file,
    dir,
    mode: DEFAULT_MODE,
    servers: {},
    policy: { packs: [...DEFAULT_PACKS], files: [] },
    store: resolve(dir, DEFAULT_STORE),
    gateway: { ...DEFAULT_GATEWAY },
    places: {},
  };
}
