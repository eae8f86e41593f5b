import type { Engine, ToolCall } from '@mcp-trust/engine';
import type { ReplayRow } from './replay-row.js';
import { addResult, rowOf } from './replay-row.js';
import type { TraceEvent } from './trace-event.js';

interface Pending {
  row: ReplayRow;
  call: ToolCall;
  done: boolean;
}

/**
 * Drives the engine through trace events, sans I/O: every call is decided as if it happened
 * (`beforeCall`), every recorded result applied (`afterResult`). Rows come out in call order, each
 * once its result is in (or at `finish`), so output streams without holding the whole trace.
 */
export class ReplayRunner {
  private readonly queue: Pending[] = [];
  /** Calls awaiting their result, by session and id. */
  private readonly open = new Map<string, Pending>();

  /** What `server` events' tool definitions got wrong, for the driver to report with its line. */
  private warnings: string[] = [];

  constructor(
    private readonly engine: Engine,
    /** Whether servers absent from the config deserve a warning (not when there is no config at all). */
    private readonly warnUnconfigured = true,
  ) {}

  /** Apply one event; returns rows now complete and warnings, or an error for this event (which is then skipped). */
  apply(event: TraceEvent): { rows: ReplayRow[]; warnings: string[]; error?: string } {
    this.warnings = [];
    try {
      const error = this.step(event);
      return error === undefined
        ? { rows: this.drain(false), warnings: this.warnings }
        : { rows: [], warnings: [], error };
    } catch (err) {
      // The engine is not supposed to throw; if it does, this event is reported, not the replay lost.
      return {
        rows: [],
        warnings: [],
        error: `the engine failed on this event: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  }

  /** Every row still held, in call order (calls whose result never came keep `result_decision: null`). */
  finish(): ReplayRow[] {
    return this.drain(true);
  }

  private step(event: TraceEvent): string | undefined {
    switch (event.type) {
      case 'server':
        for (const p of this.engine.registerTools(event.server, event.tools)) {
          if (p.code === 'unknown-server' && !this.warnUnconfigured) continue;
          this.warnings.push(`${p.severity} ${p.code}: ${p.message} (${p.path})`);
        }
        return undefined;
      case 'prompt':
        this.engine.session(event.session).notePrompt(event.text);
        return undefined;
      case 'call': {
        const key = keyOf(event.session, event.id);
        if (this.open.has(key))
          return `call ${JSON.stringify(event.id)} is already open in session ${JSON.stringify(event.session)}`;
        const call: ToolCall = {
          id: event.id,
          server: event.server,
          tool: event.tool,
          arguments: event.arguments,
        };
        const decision = this.engine.session(event.session).beforeCall(call);
        const pending = { row: rowOf(event.session, call, decision.verdict), call, done: false };
        this.open.set(key, pending);
        this.queue.push(pending);
        return undefined;
      }
      case 'result': {
        const key = keyOf(event.session, event.id);
        const pending = this.open.get(key);
        if (pending === undefined)
          return `result for ${JSON.stringify(event.id)}, which is not an open call in session ${JSON.stringify(event.session)}`;
        const decision = this.engine.session(event.session).afterResult(pending.call, event.result);
        addResult(pending.row, decision.verdict);
        pending.done = true;
        this.open.delete(key);
        return undefined;
      }
    }
  }

  private drain(all: boolean): ReplayRow[] {
    const out: ReplayRow[] = [];
    while (this.queue.length > 0 && (all || this.queue[0]?.done === true)) {
      const next = this.queue.shift();
      if (next !== undefined) out.push(next.row);
    }
    if (all) this.open.clear();
    return out;
  }
}

const keyOf = (session: string, id: string): string => JSON.stringify([session, id]);
