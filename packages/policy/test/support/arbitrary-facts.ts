import type { DeepPartial, Facts } from '@mcp-trust/policy';
import fc from 'fast-check';

/**
 * Generated facts for property tests: every field a pack rule reads, with the values that make
 * rules match, fail or error (an argument that is not there), in each phase and one unknown.
 */

const label = fc.record({
  openWorld: fc.boolean(),
  malicious: fc.boolean(),
  private: fc.boolean(),
  sensitiveLevel: fc.constantFrom('none', 'low', 'medium', 'high'),
  sources: fc.subarray(['internal', 'untrustedPublic', 'user']),
  sensitivity: fc.subarray(['credentials', 'financial', 'pii', 'regulated:GDPR', 'user', 'unknown']),
  attribution: fc.subarray(['https://a', 'mcp://b']),
});
export const facts: fc.Arbitrary<DeepPartial<Facts>> = fc.record({
  phase: fc.constantFrom('call', 'result', 'other'),
  tool: fc.record({
    name: fc.constantFrom('send_email', 'read_file', 'x'),
    destination: fc.subarray(['ephemeral', 'system', 'user', 'internal', 'public']),
    outcomes: fc.subarray(['benign', 'consequential', 'irreversible']),
    hints: fc.record({
      readOnlyHint: fc.boolean(),
      sensitiveDataHint: fc.boolean(),
      privilegedAccessHint: fc.boolean(),
      aiProcessingHint: fc.boolean(),
      destructiveHint: fc.boolean(),
    }),
    inputSensitivity: fc.subarray(['credentials', 'pii', 'user']),
    annotations: fc.oneof(
      fc.constant({}),
      fc.record({
        inputMetadata: fc.record({
          destination: fc.constantFrom('public', 'user', ['internal', 'public']),
          outcomes: fc.constantFrom('benign', 'irreversible', ['consequential', 'irreversible']),
        }),
      }),
    ),
  }),
  session: fc.record({ calls: fc.nat(5), label }),
  request: fc.record({ annotations: fc.record({ openWorldHint: fc.boolean() }) }),
  response: fc.record({ label, annotations: fc.record({ maliciousActivityHint: fc.boolean() }) }),
  args: fc.dictionary(
    fc.constantFrom('to', 'body', 'amount'),
    fc.record({
      value: fc.constantFrom('x', 42, 7.5, null, 'bob@example.com'),
      label,
      endorsed: fc.boolean(),
      role: fc.constantFrom('', 'recipient', 'selector'),
    }),
  ),
});
