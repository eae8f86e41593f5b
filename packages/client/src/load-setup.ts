import { resolve } from 'node:path';
import type { CatalogProblem, Config } from '@mcp-trust/catalog';
import {
  CATALOG_DIR,
  DEFAULT_SHARE,
  DEFAULT_TRUST,
  defaultConfig,
  formatCatalogProblem,
  isOverlayPath,
  loadConfig,
  resolveConfig,
} from '@mcp-trust/catalog';
import type { ServerEntry } from '@mcp-trust/engine';
import type { Policy } from '@mcp-trust/policy';
import { formatProblem, loadPolicy } from '@mcp-trust/policy';
import type { TrustIssue } from './errors.js';
import { TrustError } from './errors.js';
import type { TrustProblem, TrustSessionOptions } from './session-options.js';

/** What the engine needs: a compiled policy and every client's server settings. */
export interface Setup {
  policy: Policy;
  servers: Record<string, ServerEntry>;
  /**
   * Warnings met on the way, with their places in the message. Those in the bundled catalog's
   * overlays are `info`: notes on files the host did not write.
   */
  warnings: TrustProblem[];
}

/**
 * Options → the config the gateway would read (a file, or one built from the inline options;
 * inline entries win) → overlays loaded and policy files read (`@mcp-trust/catalog`) → policy
 * compiled (`@mcp-trust/policy`). Any error stops here: nothing may run under a policy other than
 * the one asked for. Servers with a client but no settings are untrusted, sharing `minimal`.
 */
export function loadSetup(options: TrustSessionOptions): Setup {
  const issues: TrustIssue[] = [];
  const warnings: TrustProblem[] = [];
  const note = (p: CatalogProblem) => {
    if (p.severity === 'error')
      issues.push({ path: p.path, message: `${p.code}: ${p.message}`, place: placeOf(p) });
    else
      warnings.push({
        path: p.path,
        code: p.code,
        message: formatCatalogProblem(p),
        severity: p.file.startsWith(CATALOG_DIR) ? 'info' : p.severity,
      });
  };
  let config: Config = defaultConfig('<TrustSession options>');
  if (options.config !== undefined) {
    const parsed = loadConfig(options.config);
    parsed.problems.forEach(note);
    if (parsed.config === undefined) throw failed(issues, `the configuration ${options.config}`);
    config = parsed.config;
  }
  const cwd = process.cwd();
  for (const [name, s] of Object.entries(options.servers ?? {})) {
    config.servers[name] = {
      name,
      trust: s.trust ?? DEFAULT_TRUST,
      share: s.share ?? DEFAULT_SHARE,
      ...(s.overlay === undefined
        ? {}
        : { overlay: isOverlayPath(s.overlay) ? resolve(cwd, s.overlay) : s.overlay }),
    };
  }
  if (options.policy !== undefined) {
    config.policy = {
      packs: options.policy.packs ?? ['default'],
      files: (options.policy.files ?? []).map((f) => resolve(cwd, f)),
    };
  }
  const { resolved, problems } = resolveConfig(config);
  problems.forEach(note);
  if (resolved === undefined) throw failed(issues, 'the servers and policy');

  const { policy, problems: policyProblems } = loadPolicy({
    packs: resolved.policy.packs,
    files: resolved.policy.files,
    mode: options.mode ?? resolved.mode,
  });
  for (const p of policyProblems) {
    if (p.severity === 'error')
      issues.push({ path: '$', message: `${p.code}: ${p.message}`, place: `${p.file}:${p.line}:${p.col}` });
    else warnings.push({ path: '$', code: p.code, message: formatProblem(p), severity: p.severity });
  }
  if (policy === undefined || issues.length > 0) throw failed(issues, 'the policy');

  const servers: Record<string, ServerEntry> = {};
  for (const name of Object.keys(options.clients)) {
    const s = resolved.servers[name];
    servers[name] =
      s === undefined
        ? { trust: DEFAULT_TRUST, share: DEFAULT_SHARE }
        : { trust: s.trust, share: s.share, ...(s.overlay === undefined ? {} : { overlay: s.overlay }) };
  }
  return { policy, servers, warnings };
}

function placeOf(p: CatalogProblem): string {
  return p.line > 0 ? `${p.file}:${p.line}:${p.col}` : p.file;
}

function failed(issues: TrustIssue[], what: string): TrustError {
  const lines = issues.map(
    (i) => `  ${i.place === undefined ? i.path : `${i.place} (${i.path})`}: ${i.message}`,
  );
  return new TrustError('invalid-config', `could not load ${what}:\n${lines.join('\n')}`, { issues });
}
