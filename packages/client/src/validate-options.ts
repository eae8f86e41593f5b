import { SERVER_NAME } from '@mcp-trust/catalog';
import { MODES } from '@mcp-trust/policy';
import { z } from 'zod';
import type { TrustIssue } from './errors.js';
import { TrustError } from './errors.js';
import type { TrustSessionOptions } from './session-options.js';

const clientLike = z.custom<unknown>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { request?: unknown }).request === 'function' &&
    typeof (v as { getServerCapabilities?: unknown }).getServerCapabilities === 'function',
  'must be a connected @modelcontextprotocol/client Client',
);
const fn = z.custom<unknown>((v) => typeof v === 'function', 'must be a function');
const serverName = z
  .string()
  .regex(SERVER_NAME, 'a server name must match [A-Za-z0-9_-]+: it becomes a namespace');

const schema = z.strictObject({
  clients: z
    .record(serverName, clientLike)
    .refine((c) => Object.keys(c).length > 0, 'give at least one client'),
  config: z.string().min(1).optional(),
  servers: z
    .record(
      serverName,
      z.strictObject({
        trust: z.enum(['trusted', 'untrusted']).optional(),
        share: z.enum(['none', 'minimal', 'full']).optional(),
        overlay: z.string().min(1).optional(),
      }),
    )
    .optional(),
  policy: z
    .strictObject({ packs: z.array(z.string()).optional(), files: z.array(z.string().min(1)).optional() })
    .optional(),
  mode: z.enum(MODES).optional(),
  onEscalate: fn.optional(),
  onProblem: fn.optional(),
  sessionId: z.string().min(1).max(200).optional(),
  separator: z
    .string()
    .regex(/^[_\-./:]{1,4}$/, 'the separator is 1–4 of _ - . / :')
    .optional(),
  timeout: z.number().int().positive().optional(),
});

/** Checks a host's options; every problem at once, each at its path (`$.servers.files.trust`). */
export function validateOptions(options: unknown): TrustSessionOptions {
  const parsed = schema.safeParse(options);
  const issues: TrustIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message }));
  if (parsed.success) {
    const opts = options as TrustSessionOptions;
    for (const name of Object.keys(opts.servers ?? {})) {
      if (!Object.hasOwn(opts.clients, name))
        issues.push({
          path: jsonPath(['servers', name]),
          message: `no client named ${JSON.stringify(name)} (clients: ${Object.keys(opts.clients).join(', ')})`,
        });
    }
  }
  if (issues.length > 0) {
    throw new TrustError(
      'invalid-options',
      `invalid TrustSession options:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`,
      { issues },
    );
  }
  return options as TrustSessionOptions;
}

function jsonPath(keys: readonly PropertyKey[]): string {
  let out = '$';
  for (const k of keys) {
    if (typeof k === 'number') out += `[${k}]`;
    else if (typeof k === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k)) out += `.${k}`;
    else out += `[${JSON.stringify(String(k))}]`;
  }
  return out;
}
