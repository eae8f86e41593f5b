import { readFileSync } from 'node:fs';
import type { CatalogProblem } from './catalog-problem.js';
import { hasErrors, pathString } from './catalog-problem.js';
import type { Config, ResolvedConfig, ResolvedServer } from './config-types.js';
import { loadOverlay } from './load-overlay.js';

export interface ConfigResolution {
  /** Present only when every overlay and policy file could be read without errors. */
  resolved?: ResolvedConfig;
  problems: CatalogProblem[];
}

/**
 * Everything the engine needs from a config: each server's overlay loaded and validated, each
 * policy file's text read. Compiling the policy is the policy package's job (it reports its own
 * problems with places in those files). Never throws.
 */
export function resolveConfig(config: Config): ConfigResolution {
  const problems: CatalogProblem[] = [];
  const blame = (path: string, code: string, message: string): void => {
    const { line, col } = config.places[path] ?? { line: 0, col: 0 };
    problems.push({ file: config.file, line, col, path, code, message, severity: 'error' });
  };

  const servers: Record<string, ResolvedServer> = {};
  for (const [name, server] of Object.entries(config.servers)) {
    const out: ResolvedServer = { trust: server.trust, share: server.share };
    if (server.upstream !== undefined) out.upstream = server.upstream;
    if (server.tools !== undefined) out.tools = server.tools;
    if (server.overlay !== undefined) {
      const loaded = loadOverlay(server.overlay, { baseDir: config.dir });
      problems.push(...loaded.problems);
      if (loaded.overlay !== undefined) out.overlay = loaded.overlay;
      else
        blame(
          `$.servers.${name}.overlay`,
          'overlay-failed',
          `the overlay ${JSON.stringify(server.overlay)} for server ${JSON.stringify(name)} did not load (see above)`,
        );
    }
    servers[name] = out;
  }

  const files: { path: string; text: string }[] = [];
  config.policy.files.forEach((path, i) => {
    try {
      files.push({ path, text: readFileSync(path, 'utf8') });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      blame(pathString(['policy', 'files', i]), 'unreadable', `cannot read the policy file ${path}: ${code}`);
    }
  });

  if (hasErrors(problems)) return { problems };
  const resolved: ResolvedConfig = {
    file: config.file,
    mode: config.mode,
    servers,
    policy: { packs: [...config.policy.packs], files },
    store: config.store,
    gateway: { ...config.gateway },
  };
  return { resolved, problems };
}
