/**
 * Sessions as replay traces (DESIGN "Trace format (replay)"): one JSON object per line; a `server`
 * event per suite with its tools, then per session a `prompt` event and each call with its result.
 */
import type { TraceEvent } from '../../packages/cli/src/index.js';
import type { ToolDefinition } from './data.js';
import type { EvalSession } from './sessions.js';

export type { TraceEvent };

export function sessionEvents(session: EvalSession): TraceEvent[] {
  const events: TraceEvent[] = [{ type: 'prompt', session: session.id, text: session.prompt }];
  for (const step of session.steps) {
    events.push({
      type: 'call',
      session: session.id,
      id: step.id,
      server: session.suite,
      tool: step.tool,
      arguments: step.arguments,
    });
    events.push({ type: 'result', session: session.id, id: step.id, result: step.result });
  }
  return events;
}

/** A whole trace file: the suite's `server` event, then every session in turn. */
export function traceLines(
  server: string,
  tools: ToolDefinition[],
  sessions: readonly EvalSession[],
): string {
  const events: TraceEvent[] = [{ type: 'server', server, tools }, ...sessions.flatMap(sessionEvents)];
  return `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
}

/** The replay configuration: each suite a server bound to its catalog overlay. */
export function replayConfig(servers: readonly string[], packs: readonly string[]): string {
  const lines = ['mode: enforce', 'servers:'];
  for (const s of servers) lines.push(`  ${s}:`, '    trust: untrusted', `    overlay: agentdojo/${s}`);
  lines.push('policy:', `  packs: [${packs.join(', ')}]`, 'store: memory', '');
  return lines.join('\n');
}
