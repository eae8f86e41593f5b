import type { ContractViolation, Problem, ToolClaims, ToolContract, Trust } from '@mcp-trust/core';
import { buildContract, filterToolClaims, narrowContract } from '@mcp-trust/core';
import type { ArgsPredicate } from './argument-match.js';
import { compileWhen } from './argument-match.js';
import type { FieldProvenance, Overlay, ToolOverlay } from './overlay.js';
import { readResolved } from './read-resolved.js';
import type { ServerSettings } from './types.js';

/**
 * A call's contract: overlay (the tool's entry, or the overlay's `defaults`) ⊕ the server's
 * trust-filtered `tools/list` claims ⊕ defaults (unknown = the full set); then narrowed by every
 * overlay resolver whose conditions hold for the arguments, in the overlay's order; then by the
 * server's `tools/resolve` answer, trust-filtered. Base contracts are cached per (server, tool),
 * and resolver-narrowed ones per set of matching resolvers.
 */

export type ServerEntry = ServerSettings & { overlay?: Overlay };

export interface Resolution {
  contract: ToolContract;
  violations: ContractViolation[];
  trust: Trust;
  /** `args.X.role` from the overlay. */
  roles: Readonly<Record<string, string>>;
  /** Per-field provenance of the tool's results, from the overlay. */
  fields: Readonly<Record<string, FieldProvenance>> | undefined;
}

interface Resolver {
  when: ArgsPredicate;
  claims: ToolClaims;
}

interface Base {
  contract: ToolContract;
  trust: Trust;
  roles: Readonly<Record<string, string>>;
  fields: Readonly<Record<string, FieldProvenance>> | undefined;
  resolvers: Resolver[];
  variants: Map<number, { contract: ToolContract; violations: ContractViolation[] }>;
}

const NO_ROLES: Readonly<Record<string, string>> = Object.freeze({});
const MAX_CACHED_RESOLVERS = 30;

export class ContractResolver {
  private readonly declared = new Map<string, Map<string, ToolClaims>>();
  private readonly bases = new Map<string, Map<string, Base>>();
  private readonly compiled = new Map<ToolOverlay, Resolver[]>();

  constructor(
    private readonly servers: Readonly<Record<string, ServerEntry>>,
    /** Where overlay problems (a bad `matches` pattern) are reported. */
    readonly problems: Problem[],
  ) {
    // Compile every resolver now, so a bad pattern is reported when the engine is created.
    for (const [server, entry] of Object.entries(servers)) {
      const at = `$.servers.${server}.overlay`;
      for (const [tool, t] of Object.entries(entry.overlay?.tools ?? {}))
        this.resolversOf(t, `${at}.tools.${tool}`);
      if (entry.overlay?.defaults !== undefined) this.resolversOf(entry.overlay.defaults, `${at}.defaults`);
    }
  }

  trustOf(server: string): Trust {
    return Object.hasOwn(this.servers, server) ? (this.servers[server]!.trust ?? 'untrusted') : 'untrusted';
  }

  /** Record a server's (already read) claims for one tool, trust-filtered, and drop stale contracts. */
  declare(server: string, tool: string, claims: ToolClaims): void {
    let tools = this.declared.get(server);
    if (tools === undefined) {
      tools = new Map();
      this.declared.set(server, tools);
    }
    tools.set(tool, filterToolClaims(claims, this.trustOf(server)));
    this.bases.get(server)?.delete(tool);
  }

  resolve(
    server: string,
    tool: string,
    args: Readonly<Record<string, unknown>>,
    resolved?: unknown,
  ): Resolution & {
    problems: Problem[];
  } {
    const base = this.base(server, tool);
    let contract = base.contract;
    let violations: ContractViolation[] = [];
    const problems: Problem[] = [];
    if (base.resolvers.length > 0) ({ contract, violations } = this.applyResolvers(base, args));
    if (resolved !== undefined) {
      const read = readResolved(resolved);
      problems.push(...read.problems);
      const narrowed = narrowContract(contract, filterToolClaims(read.value, base.trust), 'resolved');
      contract = narrowed.contract;
      violations = [...violations, ...narrowed.violations];
    }
    return { contract, violations, trust: base.trust, roles: base.roles, fields: base.fields, problems };
  }

  private applyResolvers(base: Base, args: Readonly<Record<string, unknown>>) {
    let mask = 0;
    const hits: Resolver[] = [];
    base.resolvers.forEach((r, i) => {
      let holds = false;
      try {
        holds = r.when(args);
      } catch {
        holds = false; // a hostile argument object: no narrowing, which is the conservative side
      }
      if (!holds) return;
      hits.push(r);
      if (i < MAX_CACHED_RESOLVERS) mask |= 1 << i;
    });
    const cacheable = base.resolvers.length <= MAX_CACHED_RESOLVERS;
    const cached = cacheable ? base.variants.get(mask) : undefined;
    if (cached !== undefined) return cached;
    let contract = base.contract;
    const violations: ContractViolation[] = [];
    for (const r of hits) {
      const n = narrowContract(contract, r.claims, 'overlay');
      contract = n.contract;
      violations.push(...n.violations);
    }
    const out = { contract, violations };
    if (cacheable) base.variants.set(mask, out);
    return out;
  }

  private base(server: string, tool: string): Base {
    let tools = this.bases.get(server);
    if (tools === undefined) {
      tools = new Map();
      this.bases.set(server, tools);
    }
    let base = tools.get(tool);
    if (base !== undefined) return base;
    const entry = Object.hasOwn(this.servers, server) ? this.servers[server] : undefined;
    const overlay = entry?.overlay;
    const own = overlay !== undefined && Object.hasOwn(overlay.tools, tool) ? overlay.tools[tool] : undefined;
    const toolOverlay = own ?? overlay?.defaults;
    const declared = this.declared.get(server)?.get(tool);
    const layers = [];
    if (toolOverlay !== undefined) layers.push({ origin: 'overlay' as const, claims: toolOverlay.claims });
    if (declared !== undefined) layers.push({ origin: 'declared' as const, claims: declared });
    base = {
      contract: buildContract(tool, layers),
      trust: this.trustOf(server),
      roles: toolOverlay === undefined ? NO_ROLES : rolesOf(toolOverlay),
      fields:
        toolOverlay?.fields !== undefined && Object.keys(toolOverlay.fields).length > 0
          ? toolOverlay.fields
          : undefined,
      resolvers: toolOverlay === undefined ? [] : this.resolversOf(toolOverlay, `$.servers.${server}`),
      variants: new Map(),
    };
    tools.set(tool, base);
    return base;
  }

  private resolversOf(t: ToolOverlay, path: string): Resolver[] {
    let out = this.compiled.get(t);
    if (out === undefined) {
      out = (t.resolvers ?? []).map((r, i) => ({
        when: compileWhen(r.when ?? [], `${path}.resolvers[${i}].when`, this.problems),
        claims: r.claims,
      }));
      this.compiled.set(t, out);
    }
    return out;
  }
}

function rolesOf(t: ToolOverlay): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, info] of Object.entries(t.arguments ?? {})) {
    if (typeof info?.role === 'string') out[name] = info.role;
  }
  return Object.freeze(out);
}
