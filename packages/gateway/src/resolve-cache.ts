import { canonicalJson } from '@mcp-trust/store';
import type { Json } from './wire.js';

/** `tools/resolve` answers per session, server, tool and arguments; oldest evicted first. */
export class ResolveCache {
  private readonly entries = new Map<string, Promise<Json>>();

  constructor(private readonly max = 1024) {}

  get(
    session: string,
    server: string,
    tool: string,
    args: Record<string, unknown>,
    load: () => Promise<Json>,
  ): Promise<Json> {
    const key = canonicalJson([session, server, tool, args]);
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const p = load();
    // A failed resolve is not remembered: the next call asks again.
    p.catch(() => this.entries.delete(key));
    this.entries.set(key, p);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return p;
  }

  /** A server's tools changed: what it resolved before may no longer hold. */
  dropServer(server: string): void {
    for (const key of this.entries.keys())
      if ((JSON.parse(key) as string[])[1] === server) this.entries.delete(key);
  }
}
