import type { DataLabel, Problem, ToolContract, Trust } from '@mcp-trust/core';
import {
  BOTTOM,
  carriesNoAnnotations,
  defaultContract,
  filterDataClaims,
  isBottom,
  join,
  labelEquals,
  labelResult,
  readResultAnnotations,
} from '@mcp-trust/core';
import type { Finding } from '@mcp-trust/detectors';
import type { ArgFacts, ToolFacts, Verdict } from '@mcp-trust/policy';
import { buildFacts, toolFacts } from './build-facts.js';
import type { CallInput } from './call-input.js';
import { problem, readCall } from './call-input.js';
import type { CounterState, SessionCounts } from './counters.js';
import { Counters } from './counters.js';
import { plainResultLabel, withDefaultAttribution } from './default-attribution.js';
import { detectInArgument, detectInResult } from './detect.js';
import { Endorsements } from './endorsements.js';
import type { EnginePolicy } from './evaluate.js';
import { evaluate } from './evaluate.js';
import { ResultIndexer } from './index-result.js';
import { ArgumentLabeller } from './label-args.js';
import { labelFacts } from './label-facts.js';
import type { FieldProvenance } from './overlay.js';
import type { ContractResolver } from './resolve-contract.js';
import type { SessionState } from './session-state.js';
import type { CallDecision, ResultDecision, ToolCall, ToolResult } from './types.js';
import { ValueIndex } from './value-index.js';

export interface BeforeCallOptions {
  /** The server's `tools/resolve` answer for this call (annotations in any dialect, or the tool). */
  resolved?: unknown;
}

export interface AfterResultOptions {
  /**
   * Return the decision before the result's values go into the value index; the index takes
   * them in at `settle()`, which every other method of the session runs first — so no decision
   * ever sees a stale index, and a host-facing caller can answer first and index after. A result
   * only partly indexed then adds its `result-not-indexed` problem to this decision's
   * `problems` when it is settled.
   */
  deferIndexing?: boolean;
}

/** One agent session: its label (which never goes down), its value index, its counts. */
export interface Session {
  readonly id: string;
  readonly label: DataLabel;
  readonly counts: Readonly<SessionCounts>;
  /** What was wrong with the state this session was restored from (empty otherwise). */
  readonly problems: readonly Problem[];
  /** The user's own words: values in them are endorsed. */
  notePrompt(text: string): void;
  beforeCall(call: ToolCall, opts?: BeforeCallOptions): CallDecision;
  afterResult(call: ToolCall, result: ToolResult, opts?: AfterResultOptions): ResultDecision;
  /**
   * Does the indexing `afterResult` deferred. Work that throws stays queued and throws again on
   * every later call, so a session whose index could not be brought up to date decides nothing.
   */
  settle(): void;
  state(): SessionState;
}

export interface SessionContext {
  policy: EnginePolicy;
  /** Run `@mcp-trust/detectors` over results and arguments. */
  detect: boolean;
  resolver: ContractResolver;
  valueIndexBytes: number;
  replica: string;
}

interface Pending {
  server: string;
  tool: string;
  contract: ToolContract;
  trust: Trust;
  toolFacts: ToolFacts;
  args: Record<string, ArgFacts>;
  argsLabel: DataLabel;
  fields?: Readonly<Record<string, FieldProvenance>> | undefined;
}

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** Calls awaiting results; past this, the oldest are forgotten (their results fail closed). */
const MAX_PENDING = 1024;

export class SessionImpl implements Session {
  label: DataLabel = BOTTOM;
  readonly problems: Problem[] = [];
  private readonly index: ValueIndex;
  private readonly endorse: Endorsements;
  private readonly counters: Counters;
  private readonly pending = new Map<string, Pending>();
  private readonly indexer: ResultIndexer;
  private readonly labeller: ArgumentLabeller;
  private readonly backlog: (() => void)[] = [];

  constructor(
    private readonly ctx: SessionContext,
    readonly id: string,
    counters?: CounterState,
  ) {
    this.index = new ValueIndex(ctx.valueIndexBytes);
    this.endorse = new Endorsements(ctx.valueIndexBytes);
    this.counters = new Counters(ctx.replica, counters);
    this.labeller = new ArgumentLabeller(this.index, this.endorse);
    this.indexer = new ResultIndexer(this.index, ResultIndexer.maxShinglesFor(ctx.valueIndexBytes));
  }

  get counts(): Readonly<SessionCounts> {
    this.settle();
    return this.counters.totals();
  }

  settle(): void {
    while (this.backlog.length > 0) {
      this.backlog[0]!();
      this.backlog.shift();
    }
  }

  notePrompt(text: string): void {
    this.settle();
    if (typeof text === 'string') this.endorse.add(text, ++this.index.clock);
  }

  beforeCall(call: ToolCall, opts?: BeforeCallOptions): CallDecision {
    this.settle();
    const problems: Problem[] = [];
    const c = readCall(call, problems);
    const r = this.ctx.resolver.resolve(c.server, c.tool, c.args, opts?.resolved);
    problems.push(...r.problems);
    const tool = toolFacts(r.contract, c.server);
    const { args, argLabels, argsLabel } = this.labelArgs(c, r.roles, problems);
    const facts = buildFacts({
      phase: 'call',
      tool,
      server: { name: c.server, trust: r.trust },
      args,
      argsLabel,
      sessionId: this.id,
      sessionLabel: this.label,
      counts: this.counts,
    });
    const verdict = evaluate(this.ctx.policy, facts);
    this.count('calls', verdict);
    if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
    // Spelled out: spreading `c` and then adding fields makes V8 build the object the slow way.
    const pending: Pending = {
      server: c.server,
      tool: c.tool,
      contract: r.contract,
      trust: r.trust,
      toolFacts: tool,
      args,
      argsLabel,
      fields: r.fields,
    };
    this.pending.set(c.id, pending);
    const violations = r.violations.map((v) => v.message);
    return { verdict, contract: r.contract, argLabels, facts, violations, problems };
  }

  afterResult(call: ToolCall, result: ToolResult, opts?: AfterResultOptions): ResultDecision {
    this.settle();
    const problems: Problem[] = [];
    const c = readCall(call, problems);
    let p = this.pending.get(c.id);
    if (p !== undefined && (p.server !== c.server || p.tool !== c.tool)) p = undefined;
    else this.pending.delete(c.id);
    if (p === undefined) {
      problems.push(
        problem(
          '$.id',
          'unknown-call',
          'no call with this id was seen; labelled with the default contract',
          'warning',
        ),
      );
      const contract = defaultContract(c.tool);
      const trust = this.ctx.resolver.trustOf(c.server);
      const { args, argsLabel } = this.labelArgs(c, {}, problems);
      p = {
        server: c.server,
        tool: c.tool,
        contract,
        trust,
        toolFacts: toolFacts(contract, c.server),
        args,
        argsLabel,
      };
    }
    // Most results carry no annotations: their label is the contract's, worked out once.
    let attributed: DataLabel;
    let violations: string[] = [];
    if (carriesNoAnnotations(result)) {
      attributed = plainResultLabel(p.contract, c.server, c.tool);
    } else {
      const read = readResultAnnotations(result);
      problems.push(...read.problems);
      const labelled = labelResult(p.contract, filterDataClaims(read.value, p.trust));
      violations = labelled.violations.map((v) => v.message);
      attributed = withDefaultAttribution(labelled.label, c.server, c.tool);
    }
    let findings: readonly Finding[] = NO_FINDINGS;
    if (this.ctx.detect) {
      const detected = detectInResult(result, attributed);
      findings = detected.scan.findings;
      if (detected.label !== undefined) attributed = join(attributed, detected.label);
    }
    // Interned here rather than when indexing, so that results with the same label share the
    // index's object for it and its facts are built once.
    const id = isBottom(attributed) ? -1 : this.index.table.intern(attributed);
    const label = id < 0 ? attributed : this.canonical(attributed, id);
    const facts = buildFacts({
      phase: 'result',
      tool: p.toolFacts,
      server: { name: c.server, trust: p.trust },
      args: p.args,
      argsLabel: p.argsLabel,
      sessionId: this.id,
      sessionLabel: this.label,
      counts: this.counts,
      response: label,
    });
    const verdict = evaluate(this.ctx.policy, facts);
    this.count('results', verdict);
    // Keeping the same object while the label stays the same lets its facts be reused.
    const joined = join(this.label, label);
    if (joined !== this.label && !labelEquals(joined, this.label)) this.label = joined;
    const decision = {
      verdict,
      label,
      violations,
      facts,
      problems,
      findings,
    };
    const fields = p.fields;
    const index = (): void => {
      const complete = this.indexer.add(result, label, id, fields);
      this.counters.bump('evictions', this.index.trim());
      if (!complete) {
        problems.push(
          problem(
            '$',
            'result-not-indexed',
            'part of the result was past the bounds and was not indexed',
            'info',
          ),
        );
      }
    };
    if (opts?.deferIndexing === true) this.backlog.push(index);
    else index();
    return decision;
  }

  state(): SessionState {
    this.settle();
    const { labels, values } = this.index.snapshot();
    const counters = this.counters.state();
    const prompts = this.endorse.list();
    return {
      version: 1,
      id: this.id,
      label: this.label,
      counters,
      clock: this.index.clock,
      labels,
      values,
      prompts,
    };
  }

  /** Load a (validated) state's label, index and prompts into this fresh session. */
  load(state: SessionState, problems: readonly Problem[]): void {
    this.problems.push(...problems);
    this.label = state.label;
    const order = [...state.values].sort((a, b) => a[2] - b[2]);
    for (const [key, at, seq] of order) this.index.add(key, this.index.table.intern(state.labels[at]!), seq);
    for (const [text, seq] of state.prompts) this.endorse.add(text, seq);
    this.index.clock = Math.max(this.index.clock, state.clock);
    this.counters.bump('evictions', this.index.trim());
  }

  private count(phase: 'calls' | 'results', verdict: Verdict): void {
    this.counters.bump(phase);
    if (verdict.action === 'escalate') this.counters.bump('escalations');
    if (verdict.action === 'block') this.counters.bump('blocks');
  }

  private labelArgs(c: CallInput, roles: Readonly<Record<string, string>>, problems: Problem[]) {
    const args: Record<string, ArgFacts> = {};
    const argLabels: Record<string, DataLabel> = {};
    let argsLabel = c.argsOk ? BOTTOM : this.label;
    for (const name of Object.keys(c.args)) {
      const value = c.args[name];
      const r = this.labeller.label(name, value);
      let label = r.label;
      if (this.ctx.detect && !r.endorsed) {
        const detected = detectInArgument(value);
        if (detected.label !== undefined) label = join(label, detected.label);
      }
      if (!r.complete) {
        // What we could not read may hold anything the session has seen.
        problems.push(
          problem(`$.arguments.${name}`, 'argument-unread', 'not read whole; carries the session label'),
        );
        label = join(label, this.label);
      }
      argLabels[name] = label;
      args[name] = { value, label: labelFacts(label), endorsed: r.endorsed, role: roles[name] ?? '' };
      argsLabel = join(argsLabel, label);
    }
    return { args, argLabels, argsLabel };
  }

  /** The table's object for `label` (interned as `id`), unless a key collision made it another. */
  private canonical(label: DataLabel, id: number): DataLabel {
    const same = this.index.table.get(id);
    return same === label || labelEquals(same, label) ? same : label;
  }
}
