import type { ToolContract } from '@mcp-trust/core';
import { writeToolAnnotations } from '@mcp-trust/core';
import type { Engine } from '@mcp-trust/engine';
import type { TrustProblem } from './session-options.js';
import type { Json } from './wire.js';
import { isObject } from './wire.js';

/** One server's tool as a host shows it to the model: namespaced, with its effective annotations. */
export interface TrustTool {
  /** `server__tool` (or the configured separator): unique across servers. */
  name: string;
  server: string;
  tool: string;
  title?: string;
  description?: string;
  inputSchema: Json;
  outputSchema?: Json;
  /**
   * The effective contract in SEP-1913 form: overlay ⊕ the server's own claims (all of them from a
   * trusted server, only risk-raising ones from an untrusted one) ⊕ unknown for what nobody said.
   * What the engine will act on, not what the server hoped to be believed.
   */
  annotations: Json;
  contract: ToolContract;
  /** The definition as the server listed it. */
  definition: Json;
}

/** Every client's tools under one namespace, registered with the engine as they are listed. */
export class ToolDirectory {
  private readonly byServer = new Map<string, Map<string, Json>>();
  private readonly byName = new Map<string, { server: string; tool: string }>();

  constructor(
    private readonly engine: Engine,
    private readonly separator: string,
  ) {}

  /** Replaces a server's tools; returns what was wrong with their annotations. */
  set(server: string, tools: readonly Json[]): TrustProblem[] {
    const problems: TrustProblem[] = this.engine.registerTools(server, tools).map((p) => {
      const at = /^\$\[(\d+)\]/.exec(p.path);
      const raw = at === null ? undefined : tools[Number(at[1])];
      const tool = typeof raw?.name === 'string' ? raw.name : undefined;
      return { server, ...(tool === undefined ? {} : { tool }), ...p };
    });
    for (const name of this.byServer.get(server)?.keys() ?? []) this.byName.delete(this.nameOf(server, name));
    const map = new Map<string, Json>();
    for (const t of tools) {
      if (typeof t.name !== 'string' || t.name === '') continue;
      map.set(t.name, t);
      this.byName.set(this.nameOf(server, t.name), { server, tool: t.name });
    }
    this.byServer.set(server, map);
    return problems;
  }

  nameOf(server: string, tool: string): string {
    return `${server}${this.separator}${tool}`;
  }

  /** `server__tool` → its server and tool. */
  find(name: string): { server: string; tool: string } | undefined {
    return this.byName.get(name);
  }

  definition(server: string, tool: string): Json | undefined {
    return this.byServer.get(server)?.get(tool);
  }

  toolsOf(server: string): string[] {
    return [...(this.byServer.get(server)?.keys() ?? [])];
  }

  /** The listing a host shows its model, in server order. */
  all(): TrustTool[] {
    const out: TrustTool[] = [];
    for (const [server, tools] of this.byServer)
      for (const [tool, definition] of tools) out.push(this.listed(server, tool, definition));
    return out;
  }

  private listed(server: string, tool: string, definition: Json): TrustTool {
    const { contract } = this.engine.contract(server, tool);
    const own = isObject(definition.annotations) ? definition.annotations : {};
    const annotations: Json = { ...writeToolAnnotations(contract) };
    if (typeof own.title === 'string') annotations.title = own.title;
    const out: TrustTool = {
      name: this.nameOf(server, tool),
      server,
      tool,
      inputSchema: isObject(definition.inputSchema) ? definition.inputSchema : { type: 'object' },
      annotations,
      contract,
      definition,
    };
    if (typeof definition.title === 'string') out.title = definition.title;
    if (typeof definition.description === 'string') out.description = definition.description;
    if (isObject(definition.outputSchema)) out.outputSchema = definition.outputSchema;
    return out;
  }
}
