import type { ToolContract } from '@mcp-trust/core';
import { defaultContract, narrowContract } from '@mcp-trust/core';
import type { Effect, Policy, Verdict } from '@mcp-trust/policy';
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import { callFacts } from './call-facts.js';
import type { CallerAnnotations } from './caller-annotations.js';
import { callerAnnotationsOf, readCallerAnnotations } from './caller-annotations.js';
import { confirmWithUser } from './confirm-with-user.js';
import type { DeclaredTool } from './declare-tools.js';
import { reasonsOf, refusal } from './refusal.js';
import type { ToolResolver } from './resolve-tool.js';
import type { AnyServer, HandlerContext } from './sdk-server.js';
import { readDeclaration } from './tool-annotations.js';

export interface CallGuardOptions {
  /** A compiled policy (`loadServerPolicy`, or `@mcp-trust/policy`'s `loadPolicy`): the gateway's language. */
  policy: Policy;
  /** The server's name, `server.name` in the facts. */
  server: string;
  /** The server's declared tools. A tool not here is judged as a tool that declared nothing. */
  tools: Readonly<Record<string, DeclaredTool>>;
  /** The resolver the server answers `tools/resolve` with: it narrows the contract for each call. */
  resolve?: ToolResolver;
  /** `args.<name>.role` for rules that read roles, per tool. */
  roles?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Signing key for questions to the person, when several processes serve one client. */
  secret?: Uint8Array;
}

/** A decision on one call, with its reasons. */
export interface CallCheck {
  readonly tool: string;
  readonly verdict: Verdict;
  /** What is done: the verdict's action under the policy's mode (`audit` never interferes). */
  readonly action: Effect;
  readonly caller: CallerAnnotations;
  /** The tool's contract for these arguments: its declaration, narrowed by the resolver. */
  readonly contract: ToolContract;
  /** Every matched rule's message, strongest first. */
  readonly reasons: readonly string[];
}

export interface GuardedCall {
  server: AnyServer;
  ctx: HandlerContext;
  tool: string;
  args: Readonly<Record<string, unknown>>;
}

export interface CallGuard {
  /** Decides on a call from its request annotations (`params._meta`). Never throws on what the client sent. */
  check(tool: string, args: Readonly<Record<string, unknown>>, meta: unknown): Promise<CallCheck>;
  /**
   * Decides and acts, for a tool handler: `undefined` means go ahead (allow, warn); a tool error
   * means refused (block, or an escalation the person declined or could not be asked about); an
   * input-required result means the person is being asked: return it as it is.
   */
  enforce(call: GuardedCall): Promise<CallToolResult | InputRequiredResult | undefined>;
}

/**
 * The server side of SEP-1913 ("servers MUST respect trust annotations in requests … MAY refuse
 * operations", and SHOULD ask when malicious activity is detected): the same YAML policy the
 * gateway runs, evaluated in the `call` phase on facts built from the request's annotations.
 */
export function createCallGuard(opts: CallGuardOptions): CallGuard {
  const contractFor = async (
    tool: string,
    args: Readonly<Record<string, unknown>>,
  ): Promise<ToolContract> => {
    const declared = Object.hasOwn(opts.tools, tool) ? opts.tools[tool] : undefined;
    if (declared === undefined) return defaultContract(tool);
    if (opts.resolve === undefined) return declared.contract;
    try {
      const resolved = await opts.resolve(tool, args);
      if (resolved === undefined) return declared.contract;
      // A wider answer keeps the worse of the two, as every mcp-trust reader does.
      return narrowContract(declared.contract, readDeclaration(resolved, tool)).contract;
    } catch {
      return declared.contract; // a resolver that fails narrows nothing: the conservative side
    }
  };

  const decide = async (tool: string, args: Readonly<Record<string, unknown>>, caller: CallerAnnotations) => {
    const contract = await contractFor(tool, args);
    const facts = callFacts({
      server: opts.server,
      contract,
      args,
      caller: caller.label,
      ...(opts.roles?.[tool] === undefined ? {} : { roles: opts.roles[tool] }),
    });
    const verdict = opts.policy.evaluate(facts);
    return { tool, verdict, action: verdict.action, caller, contract, reasons: reasonsOf(verdict) };
  };

  return {
    check: (tool, args, meta) => decide(tool, args, readCallerAnnotations(meta)),
    async enforce({ server, ctx, tool, args }) {
      const check = await decide(tool, args, callerAnnotationsOf(ctx));
      const why = check.reasons.join('\n');
      if (check.action === 'allow' || check.action === 'warn') return undefined;
      if (check.action === 'block') return refusal(why, check.verdict);
      const answer = confirmWithUser({
        server,
        ctx,
        tool,
        args,
        question: 'policy',
        message: `${why}\n\nApprove ${tool}?`,
        ...(opts.secret === undefined ? {} : { secret: opts.secret }),
      });
      switch (answer.status) {
        case 'confirmed':
          return undefined;
        case 'asking':
          return answer.result;
        default:
          return refusal(`${answer.message}\n${why}`, check.verdict);
      }
    },
  };
}
