/** The server-side policy hook: the gateway's policy language on the caller's request annotations. */
import { createCallGuard } from '@mcp-trust/server';
import { describe, expect, it } from 'vitest';
import { byRecipient, MAIL_TOOLS, policyOf, RULES } from './support/mail-fixture.js';

const guard = createCallGuard({
  policy: policyOf(RULES),
  server: 'mail',
  tools: MAIL_TOOLS,
  resolve: byRecipient,
});
const outside = { to: 'accountant@ledger-partners.example', subject: 's', body: 'b' };
const inside = { to: 'lunch@example.com', subject: 's', body: 'b' };
const openWorld = { annotations: { openWorldHint: true, attribution: ['https://blog.example.net/post'] } };
const financial = {
  annotations: { openWorldHint: false, returnMetadata: { source: 'internal', sensitivity: 'financial' } },
};

describe('createCallGuard: check', () => {
  it('allows a call whose request says nothing', async () => {
    const check = await guard.check('send_email', outside, undefined);
    expect(check.action).toBe('allow');
    expect(check.caller.present).toBe(false);
  });

  it('blocks open-world data on its way to a public destination, with the rule and its message', async () => {
    const check = await guard.check('send_email', outside, openWorld);
    expect(check.action).toBe('block');
    expect(check.verdict.matched.map((m) => m.rule)).toEqual(['open-world-to-outside']);
    expect(check.reasons).toEqual([
      'Not sent to accountant@ledger-partners.example, untrusted content from https://blog.example.net/post.',
    ]);
    expect(check.contract.destination).toEqual(['public']);
  });

  it('lets the resolver narrow the contract: the same data to an internal address is allowed', async () => {
    const check = await guard.check('send_email', inside, openWorld);
    expect(check.contract.destination).toEqual(['internal']);
    expect(check.action).toBe('allow');
  });

  it('escalates sensitive data going outside', async () => {
    const check = await guard.check('send_email', outside, financial);
    expect(check.action).toBe('escalate');
    expect(check.reasons).toEqual(['send_email would send financial data outside.']);
  });

  it('fails closed: unreadable annotations, a wider or failing resolver, an undeclared tool', async () => {
    expect((await guard.check('send_email', outside, { annotations: 'x' })).action).toBe('block');
    const wider = createCallGuard({
      policy: policyOf(RULES),
      server: 'mail',
      tools: MAIL_TOOLS,
      resolve: () => ({ inputMetadata: { destination: 'system' } }),
    });
    const widened = await wider.check('send_email', inside, openWorld);
    expect(widened.contract.destination).toEqual(['internal', 'public', 'system']);
    expect(widened.action).toBe('block');
    const failing = createCallGuard({
      policy: policyOf(RULES),
      server: 'mail',
      tools: MAIL_TOOLS,
      resolve: () => {
        throw new Error('resolver bug');
      },
    });
    expect((await failing.check('send_email', inside, openWorld)).action).toBe('block');
    expect((await guard.check('undeclared_tool', {}, openWorld)).action).toBe('block');
  });

  it("runs the SEP's own conditions form (pack:sep-examples) on the resolved annotations", async () => {
    const sep = createCallGuard({
      policy: policyOf('rules: []', { packs: ['sep-examples'] }),
      server: 'mail',
      tools: MAIL_TOOLS,
      resolve: byRecipient,
    });
    const check = await sep.check('send_email', outside, openWorld);
    expect(check.verdict.matched.map((m) => m.rule)).toEqual([
      'block-open-world-to-external',
      'confirm-irreversible-actions',
    ]);
    expect(check.action).toBe('block');
    const internal = await sep.check('send_email', inside, openWorld);
    expect(internal.verdict.matched.map((m) => m.rule)).toEqual(['confirm-irreversible-actions']);
  });

  it('decides but does not interfere in audit mode', async () => {
    const audit = createCallGuard({
      policy: policyOf(RULES, { mode: 'audit' }),
      server: 'mail',
      tools: MAIL_TOOLS,
    });
    const check = await audit.check('send_email', outside, openWorld);
    expect(check.verdict.decision).toBe('block');
    expect(check.action).toBe('allow');
  });
});
