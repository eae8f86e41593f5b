import type { Finding, ToolDefinitionText } from '@mcp-trust/detectors';
import { scanTool } from '@mcp-trust/detectors';
import type { Store } from '@mcp-trust/store';
import { requestPinApproval } from './approvals.js';
import { toolDigest } from './tool-digest.js';
import type { Json } from './wire.js';

/** One upstream tool as the host sees it. */
export interface ExposedTool {
  /** `server__tool` (or the configured separator). */
  name: string;
  server: string;
  tool: string;
  definition: Json;
  digest: string;
  /** What the poisoning detector found in the definition, when it judged it malicious. */
  poisoned?: readonly Finding[];
}

export type PinStatus = { ok: true } | { ok: false; approvalId: string; message: string };

/**
 * Every upstream's tools under one namespace, with pinning: a definition is pinned the first time
 * it is seen; a different one later is quarantined (listed with a warning, not callable) until
 * `mcp-trust approve` accepts it. The pin lives in the store, so an approval made by the CLI in
 * another process takes effect on the next call without a restart.
 */
export class ToolCatalog {
  private readonly byName = new Map<string, ExposedTool>();
  private readonly byServer = new Map<string, ExposedTool[]>();
  private readonly pinned = new WeakSet<ExposedTool>();

  constructor(
    private readonly store: Store,
    private readonly separator: string,
    private readonly audit: (session: string, kind: string, data: Json) => void,
  ) {}

  exposedName(server: string, tool: string): string {
    return `${server}${this.separator}${tool}`;
  }

  /** Replaces a server's tools; pins new definitions and quarantines changed ones. */
  setTools(server: string, tools: Json[]): void {
    for (const old of this.byServer.get(server) ?? []) this.byName.delete(old.name);
    const list: ExposedTool[] = [];
    for (const definition of tools) {
      const tool = typeof definition.name === 'string' ? definition.name : '';
      if (tool === '') continue;
      const exposed: ExposedTool = {
        name: this.exposedName(server, tool),
        server,
        tool,
        definition,
        digest: toolDigest(definition),
      };
      const scan = scanTool(definition as unknown as ToolDefinitionText);
      if (scan.malicious) exposed.poisoned = scan.findings;
      const pin = this.store.getPin(server, tool);
      if (pin === undefined && exposed.poisoned !== undefined) {
        // Never pinned as it is: a person looks at it first.
        const approval = requestPinApproval(this.store, {
          server,
          tool,
          digest: exposed.digest,
          previousDigest: '',
          definition,
        });
        this.audit('*', 'pin', {
          event: 'quarantined',
          server,
          tool,
          digest: exposed.digest,
          reason: 'poisoning',
          findings: exposed.poisoned.map((f) => f.rule),
          approval: approval.id,
        });
      } else if (pin === undefined) {
        this.store.putPin({ server, tool, digest: exposed.digest, at: new Date().toISOString() });
        this.audit('*', 'pin', { event: 'pinned', server, tool, digest: exposed.digest });
      } else if (pin.digest !== exposed.digest) {
        const approval = requestPinApproval(this.store, {
          server,
          tool,
          digest: exposed.digest,
          previousDigest: pin.digest,
          definition,
        });
        this.audit('*', 'pin', {
          event: 'quarantined',
          server,
          tool,
          digest: exposed.digest,
          previousDigest: pin.digest,
          approval: approval.id,
        });
      }
      list.push(exposed);
      this.byName.set(exposed.name, exposed);
    }
    this.byServer.set(server, list);
  }

  get(name: string): ExposedTool | undefined {
    return this.byName.get(name);
  }

  all(): ExposedTool[] {
    return [...this.byServer.values()].flat();
  }

  /**
   * Whether the tool's current definition is the pinned one. A quarantined tool is re-read from
   * the store each time (the CLI may approve it from another process); once it matches, it keeps
   * matching until `setTools` brings a new definition (a new `ExposedTool`).
   */
  pinStatus(t: ExposedTool): PinStatus {
    if (this.pinned.has(t)) return { ok: true };
    const pin = this.store.getPin(t.server, t.tool);
    if (pin?.digest === t.digest) {
      this.pinned.add(t);
      return { ok: true };
    }
    const approval = requestPinApproval(this.store, {
      server: t.server,
      tool: t.tool,
      digest: t.digest,
      previousDigest: pin?.digest ?? '',
      definition: t.definition,
    });
    const why =
      t.poisoned !== undefined
        ? `the definition of ${t.name} looks poisoned (${poisonSummary(t.poisoned)})`
        : `the definition of ${t.name} changed since it was pinned (a changed description, schema or annotations can be a rug pull)`;
    return {
      ok: false,
      approvalId: approval.id,
      message: `${why}; it is quarantined until someone runs \`mcp-trust approve ${approval.id}\``,
    };
  }
}

/**
 * The strongest poisoning findings, for the quarantine message: rule names and scores only, since
 * the message reaches the model and a finding's message may quote the definition
 * (`mcp-trust scan --tools` shows the whole finding to a person).
 */
function poisonSummary(findings: readonly Finding[]): string {
  return [...findings]
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((f) => `${f.rule} ${f.score.toFixed(2)}`)
    .join(', ');
}
