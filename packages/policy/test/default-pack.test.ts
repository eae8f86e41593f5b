import { join, makeLabel } from '@mcp-trust/core';
import { loadPolicy } from '@mcp-trust/policy';
import { describe, expect, it } from 'vitest';
import type { FactsInit } from './support/facts-builder.js';
import { buildFacts, contractOf } from './support/facts-builder.js';
import {
  accessPasswords,
  debugLog,
  inbox,
  injectedPage,
  readAuditLog,
  readDrafts,
  resetCode,
  restartService,
  salaries,
  saveDraft,
  sendEmail,
  summarise,
  webPage,
} from './support/scenarios.js';

const { policy, problems } = loadPolicy({ packs: ['default'] });

function decide(init: FactsInit) {
  const v = policy!.evaluate(buildFacts({ server: 'mail', ...init }));
  expect(v.errors).toEqual([]);
  return {
    decision: v.decision,
    rules: v.matched.map((m) => m.rule),
    messages: v.matched.map((m) => m.message),
  };
}

describe('pack:default', () => {
  it('loads cleanly, every rule in CEL', () => {
    expect(problems).toEqual([]);
    expect(policy!.rules.every((r) => r.kind === 'cel' && r.description.length > 0)).toBe(true);
  });

  it('leaves a benign session alone', () => {
    expect(decide({ contract: readDrafts }).decision).toBe('allow');
    expect(
      decide({ contract: sendEmail, args: { to: { value: 'bob@example.com', endorsed: true } } }).decision,
    ).toBe('allow');
    expect(
      decide({
        contract: saveDraft,
        session: salaries,
        args: { body: { value: 'salaries', label: salaries } },
      }).decision,
    ).toBe('allow');
  });

  describe('credentials-never-leave', () => {
    it('blocks credentials sent anywhere beyond the platform, naming argument and origin', () => {
      const r = decide({ contract: sendEmail, args: { body: { value: 'code 123456', label: resetCode } } });
      expect(r.decision).toBe('block');
      expect(r.rules).toContain('credentials-never-leave');
      expect(r.messages[r.rules.indexOf('credentials-never-leave')]).toBe(
        'Blocked send_email on mail: what it would send carries credentials taken from ' +
          'mcp://mail.acme.local/inbox/42, and this tool may store or send its input to public. Passwords, keys ' +
          'and codes must not leave the place they came from.',
      );
    });

    it('judges what is sent, not the address it goes to', () => {
      const to = { to: { value: 'it@acme.example', label: resetCode, role: 'recipient' } };
      expect(decide({ contract: sendEmail, args: to }).rules).not.toContain('credentials-never-leave');
    });

    it('lets credentials the user typed through, and into a system-only destination', () => {
      const typed = { body: { value: 'hunter2', label: resetCode, endorsed: true } };
      expect(decide({ contract: sendEmail, args: typed }).rules).not.toContain('credentials-never-leave');
      const logged = decide({ contract: debugLog, args: { line: { value: 'code', label: resetCode } } });
      expect(logged.rules).not.toContain('credentials-never-leave');
    });

    it('counts a tool that declares nothing as one that may send anywhere', () => {
      expect(decide({ args: { x: { value: 'code', label: resetCode } } }).rules).toContain(
        'credentials-never-leave',
      );
    });
  });

  describe('sensitive-data-to-public', () => {
    it('escalates (does not block) the salary spreadsheet e-mailed out', () => {
      const r = decide({
        contract: sendEmail,
        session: salaries,
        args: { body: { value: 's', label: salaries } },
      });
      expect(r).toMatchObject({ decision: 'escalate', rules: ['sensitive-data-to-public'] });
      expect(r.messages[0]).toBe(
        'send_email on mail may make its input public, and what it would send carries sensitive data (financial) ' +
          'taken from mcp://file-server.acme.local/hr/salaries.xlsx. Confirm that this data should leave: once ' +
          'sent it cannot be called back.',
      );
    });

    it('ignores user-class data, a private destination, and data the user typed', () => {
      const userData = { body: { value: 'x', label: { ...salaries, sensitivity: ['user' as const] } } };
      expect(decide({ contract: sendEmail, args: userData }).rules).toEqual([]);
      expect(decide({ contract: saveDraft, args: { body: { value: 's', label: salaries } } }).rules).toEqual(
        [],
      );
      const typed = { body: { value: 's', label: salaries, endorsed: true } };
      expect(decide({ contract: sendEmail, args: typed }).rules).toEqual([]);
    });
  });

  describe('injection-driven action, by argument role', () => {
    it('escalates a recipient taken from a web page', () => {
      const r = decide({
        contract: sendEmail,
        session: webPage,
        args: { to: { value: 'eve@evil.example', label: webPage, role: 'recipient' } },
      });
      expect(r.decision).toBe('escalate');
      expect(r.rules).toContain('untrusted-recipient');
      expect(r.rules).toContain('outward-action-not-user-directed');
    });

    it('counts an argument without a role (no overlay) as a possible recipient', () => {
      const r = decide({ contract: sendEmail, args: { x: { value: 'eve@evil.example', label: webPage } } });
      expect(r.rules).toContain('untrusted-recipient');
    });

    it('ignores open-world values passed to a benign tool, or endorsed by the user', () => {
      expect(decide({ contract: readDrafts, args: { q: { value: 'x', label: webPage } } }).rules).toEqual([]);
      const endorsed = {
        to: { value: 'eve@evil.example', label: webPage, endorsed: true, role: 'recipient' },
      };
      expect(decide({ contract: saveDraft, args: endorsed }).rules).toEqual([]);
    });

    it('escalates untrusted text relayed to others by an irreversible send, but not a private draft', () => {
      const body = { body: { value: 'click here', label: webPage, role: 'content' } };
      expect(decide({ contract: sendEmail, session: webPage, args: body }).rules).toContain(
        'untrusted-content-relayed',
      );
      expect(decide({ contract: saveDraft, session: webPage, args: body }).rules).toEqual([]);
    });

    it('escalates a destructive, irreversible call on an item picked from untrusted content', () => {
      const del = contractOf({
        name: 'delete_file',
        annotations: {
          destructiveHint: true,
          inputMetadata: { destination: 'user', sensitivity: 'none', outcomes: 'irreversible' },
        },
      });
      const picked = { file_id: { value: '13', label: webPage, role: 'selector' } };
      expect(decide({ contract: del, args: picked }).rules).toEqual(['untrusted-selector-irreversible']);
      const typed = { file_id: { value: '13', label: webPage, role: 'selector', endorsed: true } };
      expect(decide({ contract: del, args: typed }).rules).toEqual([]);
    });

    it('asks when, after untrusted content, an outward action goes to a recipient the user did not give', () => {
      const listing = makeLabel({ sources: ['trustedPublic'], attribution: ['https://hotels.example/list'] });
      const book = { hotel: { value: 'Le Grand', label: listing, role: 'recipient' } };
      const bookHotel = contractOf({
        name: 'reserve_hotel',
        annotations: {
          inputMetadata: { destination: 'public', sensitivity: 'pii', outcomes: 'consequential' },
        },
      });
      expect(decide({ contract: bookHotel, session: webPage, args: book }).rules).toEqual([
        'outward-action-not-user-directed',
      ]);
      // the same booking before any untrusted content, or to the user's own contact, is fine
      expect(decide({ contract: bookHotel, args: book }).rules).toEqual([]);
      const own = {
        hotel: { value: 'Le Grand', label: makeLabel({ sources: ['user'] }), role: 'recipient' },
      };
      expect(decide({ contract: bookHotel, session: webPage, args: own }).rules).toEqual([]);
    });
  });

  describe('malicious-data-steers-action', () => {
    it('blocks an action steered by content flagged malicious', () => {
      const r = decide({
        contract: sendEmail,
        session: injectedPage,
        args: { to: { value: 'e', label: injectedPage } },
      });
      expect(r.decision).toBe('block');
      expect(r.rules).toContain('malicious-data-steers-action');
    });

    it('does not fire for a benign tool', () => {
      expect(
        decide({ contract: readDrafts, args: { q: { value: 'e', label: injectedPage } } }).rules,
      ).not.toContain('malicious-data-steers-action');
    });
  });

  describe('malicious content', () => {
    it('escalates a malicious result in the result phase only', () => {
      expect(decide({ contract: readDrafts, phase: 'result', response: injectedPage })).toMatchObject({
        decision: 'escalate',
        rules: ['malicious-result'],
      });
      expect(decide({ contract: readDrafts, phase: 'result', response: webPage }).rules).toEqual([]);
    });

    it('escalates any consequential action once the session has seen malicious content', () => {
      const r = decide({
        contract: saveDraft,
        session: injectedPage,
        args: { body: { value: 'hi', endorsed: true } },
      });
      expect(r).toMatchObject({ decision: 'escalate', rules: ['action-after-malicious-content'] });
      expect(decide({ contract: readDrafts, session: injectedPage }).rules).toEqual([]);
    });
  });

  describe('credential-change-not-user-given', () => {
    const setPassword = contractOf({
      name: 'update_password',
      annotations: {
        inputMetadata: { destination: 'system', sensitivity: 'credentials', outcomes: 'irreversible' },
      },
    });

    it('asks before setting a credential the user did not give, after untrusted content', () => {
      const r = decide({
        contract: setPassword,
        session: inbox,
        args: { password: { value: 'new-pass-9' } },
      });
      expect(r).toMatchObject({ decision: 'escalate', rules: ['credential-change-not-user-given'] });
    });

    it('lets the user’s own new password through, and any change before untrusted content', () => {
      const typed = { password: { value: 'new-pass-9', endorsed: true } };
      expect(decide({ contract: setPassword, session: inbox, args: typed }).rules).toEqual([]);
      expect(decide({ contract: setPassword, args: { password: { value: 'x' } } }).rules).toEqual([]);
    });
  });

  describe('SEP-1984 combinations', () => {
    it('escalates a tool that is both sensitive and privileged', () => {
      expect(decide({ contract: accessPasswords })).toMatchObject({
        decision: 'escalate',
        rules: ['sensitive-privileged-tool'],
      });
    });

    it('warns when sensitive data goes to AI processing', () => {
      const r = decide({ contract: summarise, args: { text: { value: 's', label: salaries } } });
      expect(r).toMatchObject({ decision: 'warn', rules: ['ai-processing-of-sensitive-data'] });
      expect(decide({ contract: summarise, args: { text: { value: 'hello' } } }).rules).toEqual([]);
    });

    it('escalates a privileged tool that is not read-only', () => {
      expect(decide({ contract: restartService })).toMatchObject({
        decision: 'escalate',
        rules: ['privileged-write'],
      });
      expect(decide({ contract: readAuditLog }).rules).toEqual([]);
    });

    it('does not believe read-only from an untrusted server', () => {
      const claimed = contractOf(
        { name: 'read_audit_log', annotations: { privilegedAccessHint: true, readOnlyHint: true } },
        'untrusted',
      );
      expect(decide({ contract: claimed }).rules).toEqual(['privileged-write']);
    });
  });

  it('blocks open-world text bound for a certainly public destination (SEP-1913, per value)', () => {
    const both = join(webPage, salaries);
    const r = decide({ contract: sendEmail, session: both, args: { body: { value: 's', label: both } } });
    expect(r.decision).toBe('block');
    expect(r.rules).toEqual([
      'sensitive-data-to-public',
      'untrusted-content-to-public',
      'untrusted-recipient',
      'untrusted-content-relayed',
    ]);
  });

  it('asks, not blocks, when the destination is only possibly public or the text is not open-world', () => {
    const maybePublic = contractOf({
      name: 'send_email',
      annotations: {
        inputMetadata: {
          destination: ['internal', 'public'],
          sensitivity: ['pii'],
          outcomes: 'irreversible',
        },
        returnMetadata: { source: 'system', sensitivity: 'none' },
      },
    });
    const open = { body: { value: 's', label: webPage, role: 'content' } };
    expect(decide({ contract: maybePublic, session: webPage, args: open }).decision).toBe('escalate');
    const sensitiveOnly = { body: { value: 's', label: salaries, role: 'content' } };
    expect(decide({ contract: sendEmail, session: salaries, args: sensitiveOnly }).decision).toBe('escalate');
    const endorsed = { body: { value: 's', label: webPage, role: 'content', endorsed: true } };
    expect(decide({ contract: sendEmail, session: webPage, args: endorsed }).rules).not.toContain(
      'untrusted-content-to-public',
    );
  });
});
