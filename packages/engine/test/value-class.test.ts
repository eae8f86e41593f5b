import type { Overlay } from '@mcp-trust/engine';
import { createEngine } from '@mcp-trust/engine';
import { describe, expect, it } from 'vitest';
import { testPolicy, text } from './support.js';

/** A mailbox that may hold credentials (reset codes), and a drive whose listing carries file ids. */
const overlay: Overlay = {
  name: 'test',
  tools: {
    read_inbox: {
      claims: { hints: {}, returnSource: ['untrustedPublic'], returnSensitivity: ['credentials', 'pii'] },
      arguments: {},
      resolvers: [],
    },
    list_files: {
      claims: { hints: {}, returnSource: ['untrustedPublic'], returnSensitivity: [] },
      arguments: {},
      resolvers: [],
    },
    send_email: {
      claims: { hints: {}, destination: ['public'], outcomes: ['irreversible'] },
      arguments: { to: { role: 'recipient' }, body: { role: 'content' } },
      resolvers: [],
    },
    delete_file: {
      claims: { hints: { destructiveHint: true }, destination: ['user'], outcomes: ['irreversible'] },
      arguments: { file_id: { role: 'selector' } },
      resolvers: [],
    },
  },
};

function session(prompt?: string) {
  const engine = createEngine({
    policy: testPolicy([]),
    servers: { m: { trust: 'trusted', share: 'full', overlay } },
  });
  const s = engine.session('s');
  if (prompt !== undefined) s.notePrompt(prompt);
  const read = { id: 'r1', server: 'm', tool: 'read_inbox', arguments: {} };
  s.beforeCall(read);
  s.afterResult(
    read,
    text('From: it@acme.example\nYour reset code is QX7-99812-KLM. Visit https://acme.example/reset'),
  );
  const list = { id: 'r2', server: 'm', tool: 'list_files', arguments: {} };
  s.beforeCall(list);
  s.afterResult(list, text("- id_: '13'\n  filename: budget.xlsx\n- id_: '11'\n  filename: recipes.docx"));
  return s;
}

describe('an identifier carries its own class, not its document’s', () => {
  it('an address from a mailbox that holds codes is personal data, not a credential', () => {
    const d = session().beforeCall({
      id: 'c',
      server: 'm',
      tool: 'send_email',
      arguments: { to: 'it@acme.example' },
    });
    const to = d.facts.args.to!.label;
    expect(to.openWorld).toBe(true);
    expect(to.sensitivity).toEqual(['pii']);
    expect(to.sources).toEqual(['untrustedPublic']);
  });

  it('the code itself keeps the mailbox’s classes', () => {
    const d = session().beforeCall({
      id: 'c',
      server: 'm',
      tool: 'send_email',
      arguments: { body: 'the code is QX7-99812-KLM' },
    });
    expect(d.facts.args.body!.label.sensitivity).toContain('credentials');
  });

  it('a URL names a thing and holds no class', () => {
    const d = session().beforeCall({
      id: 'c',
      server: 'm',
      tool: 'send_email',
      arguments: { body: 'https://acme.example/reset' },
    });
    expect(d.facts.args.body!.label.openWorld).toBe(true);
    expect(d.facts.args.body!.label.sensitivity).toEqual([]);
  });
});

describe('endorsing small ids', () => {
  const del = (s: ReturnType<typeof session>) =>
    s.beforeCall({ id: 'd', server: 'm', tool: 'delete_file', arguments: { file_id: '13' } }).facts.args
      .file_id!;

  it('"June 13" in the prompt does not endorse deleting file 13', () => {
    const arg = del(session('What is on my calendar on June 13?'));
    expect(arg.endorsed).toBe(false);
    expect(arg.label.openWorld).toBe(true);
  });

  it('"the file with ID 13" does', () => {
    expect(del(session('Please delete the file with ID 13.')).endorsed).toBe(true);
    expect(del(session('Delete #13 from my drive')).endorsed).toBe(true);
  });

  it('a small amount the user said is still endorsed', () => {
    const s = session('Send 100 to it@acme.example');
    const d = s.beforeCall({
      id: 'e',
      server: 'm',
      tool: 'send_email',
      arguments: { to: 'it@acme.example', body: '100' },
    });
    expect(d.facts.args.body!.endorsed).toBe(true);
    expect(d.facts.args.to!.endorsed).toBe(true);
  });
});
