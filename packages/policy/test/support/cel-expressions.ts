import { PACKS } from '@mcp-trust/policy';
import { parse } from 'yaml';

/**
 * The CEL expressions the fast paths are checked on against cel-js: every expression of the
 * built-in packs (conditions and message placeholders) and a list of edge cases.
 */

export function packExpressions(): string[] {
  const out: string[] = [];
  for (const text of Object.values(PACKS)) {
    const pack = parse(text) as { rules: { when?: string; message?: string }[] };
    for (const rule of pack.rules) {
      if (rule.when) out.push(rule.when);
      for (const m of (rule.message ?? '').matchAll(/\{\{(.*?)\}\}/g)) out.push(m[1]!.trim());
    }
  }
  return out;
}

export const EDGE_CASES = [
  "args.to.value == 'x'",
  'args.to.value == 42 || args.to.value == 42.0',
  "'to' in args && args.to.label.openWorld",
  "args.to.label.openWorld || phase == 'call'",
  "phase == 'result' && args.to.label.openWorld",
  "args.to.label.openWorld && phase == 'result'",
  'args.exists(k, args[k].value == 42)',
  'args.all(k, args[k].label.openWorld)',
  'args.exists_one(k, args[k].endorsed)',
  "args.exists(k, args[k].label.sources.exists(s, s == 'internal' || k == 'to'))",
  'session.calls > 2 && session.calls <= 4',
  'session.calls == 3',
  'size(args) >= 1 && size(tool.name) > 3',
  "tool.name.startsWith('send') || tool.name.endsWith('file') || tool.name.contains('ad_')",
  'has(args.to) ? args.to.endorsed : false',
  "tool.annotations.inputMetadata.destination == 'public'",
  "has(tool.annotations.inputMetadata) && 'public' in tool.annotations.inputMetadata.destination",
  '[1, 2, 3].exists(x, x == session.calls)',
  'args.constructor.endorsed',
  'tool.annotations.constructor == tool.annotations.constructor',
  '!(args.to.value > 10)',
  'args.to.value < 100',
  // Comparisons with a literal, compiled to identity or a count without a bigint.
  "tool.name != 'x' && 'send_email' == tool.name",
  'args.to.endorsed == true || false != args.body.endorsed',
  'args.to.value == null || null != args.amount.value',
  'size(args) > 0 && 1 <= size(args) && size(tool.name) >= 4 && size(tool.destination) < 3',
  'size(sensitiveArgs(args)) > 0 && size(sensitiveArgs(args)) <= 2',
  "args.to.value in ['x', 'bob@example.com'] || tool.name in ['send_email', 'read_file']",
  'args.to.value in [42, 7] || args.to.value in [7.5]',
  'args.to.value in [1, 2] || args.to.value in [42.0]',
  "args.to.role in ['', 'recipient'] && !(args.to.value in ['x'])",
  // Chains of && and ||, where errors (a missing argument) must be absorbed or reported alike.
  'args.to.endorsed || args.body.endorsed || args.amount.endorsed',
  "args.to.endorsed && args.body.endorsed && phase == 'call'",
  "(args.to.endorsed || phase == 'call') && (args.body.endorsed || phase == 'result')",
  "phase == 'call' && (args.to.label.openWorld && (args.body.endorsed || args.amount.endorsed))",
  // Macros over a map read `args[k]` as the entry; shadowing and nesting must not confuse that.
  "args.exists(k, !args[k].endorsed && args[k].role in ['recipient', ''] && args[k].label.openWorld)",
  'args.filter(k, args[k].endorsed || args[k].value == 42)',
  'args.exists_one(k, args[k].value == 42)',
  "args.all(k, args[k].role == '' && sensitive(args[k].label))",
  'args.exists(k, args.exists(k, args[k].endorsed))',
  'args.exists(k, args.all(j, args[j].endorsed || args[k].endorsed))',
  "args.exists(args, args == 'to')",
  "tool.destination.exists(d, d == 'public') && [0, 1].exists(i, tool.destination[i] == 'user')",
  "session.label.sources.exists(s, tool.destination.exists(d, s == d || d == 'public'))",
  "intersects(tool.outcomes, ['irreversible']) && intersects(tool.outcomes, ['irreversible'])",
];

export function allExpressions(): string[] {
  return [...new Set([...packExpressions(), ...EDGE_CASES])];
}
