import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../src/index.js';

export const CONFIG_SCHEMA_URL = new URL('../schema/config.schema.json', import.meta.url);
const schema = JSON.parse(readFileSync(CONFIG_SCHEMA_URL, 'utf8')) as Record<string, unknown>;
// `required` inside `not`/`if` names properties the enclosing schema declares, which Ajv's
// strictRequired cannot see; every other strict check stays on.
const validate = new Ajv2020({ strict: true, strictRequired: false, allErrors: true }).compile(schema);
const DESIGN = readFileSync(new URL('./fixtures/design-example.yaml', import.meta.url), 'utf8');

/** Broken configs: the schema (for editors) and the loader (for the gateway) must both refuse each. */
const BROKEN: Record<string, string> = {
  'unknown top-level key': 'mdoe: enforce\n',
  'bad mode': 'mode: block\n',
  'command and url': 'servers:\n  a: {command: x, url: "http://h/"}\n',
  'args without command': 'servers:\n  a: {args: [x]}\n',
  'headers without url': 'servers:\n  a: {headers: {A: b}}\n',
  'bad server name': 'servers:\n  "a b": {}\n',
  'bad trust': 'servers:\n  a: {trust: yes}\n',
  'bad share': 'servers:\n  a: {share: all}\n',
  'unknown server key': 'servers:\n  a: {comand: x}\n',
  'non-string env value': 'servers:\n  a: {command: x, env: {N: 1}}\n',
  'ftp url': 'servers:\n  a: {url: "ftp://x"}\n',
  'policy packs not a list': 'policy: {packs: default}\n',
  'unknown policy key': 'policy: {pack: [default]}\n',
  'empty store': 'store: ""\n',
  'tool without a name': 'servers:\n  a: {tools: [{description: x}]}\n',
};

describe('schema/config.schema.json', () => {
  it('is a draft 2020-12 schema with an $id', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe('https://mcp-trust.dev/schema/config.schema.json');
  });

  it('accepts the DESIGN example and the shipped example config', () => {
    expect(validate(parse(DESIGN)), JSON.stringify(validate.errors)).toBe(true);
    const example = readFileSync(new URL('../../../examples/config/replay.yaml', import.meta.url), 'utf8');
    expect(validate(parse(example)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ servers: { replayOnly: null, b: {} } })).toBe(true);
  });

  it.each(Object.entries(BROKEN))('rejects: %s (and so does the loader)', (_, text) => {
    expect(validate(parse(text))).toBe(false);
    expect(parseConfig(text, 'c.yaml').config).toBeUndefined();
  });
});

describe('the gateway section', () => {
  it('reads separator, timeout and the message limits, with defaults', () => {
    const parsed = parseConfig(
      'gateway: {separator: ".", timeout: 1500, maxMessageBytes: 2048, maxUpstreamMessageBytes: 4096}\n',
      'c.yaml',
    );
    expect(parsed.config?.gateway).toEqual({
      separator: '.',
      timeoutMs: 1500,
      maxMessageBytes: 2048,
      maxUpstreamMessageBytes: 4096,
      durability: 'normal',
    });
    expect(parseConfig('', 'c.yaml').config?.gateway).toEqual({
      separator: '__',
      timeoutMs: 60_000,
      maxMessageBytes: 4 * 1024 * 1024,
      maxUpstreamMessageBytes: 10 * 1024 * 1024,
      durability: 'normal',
    });
    expect(validate(parse('gateway: {maxUpstreamMessageBytes: 4096}\n'))).toBe(true);
    expect(parseConfig('gateway: {durability: full}\n', 'c.yaml').config?.gateway.durability).toBe('full');
    expect(validate(parse('gateway: {separator: "__", timeout: 10}\n'))).toBe(true);
  });

  it.each([
    ['a separator with letters', 'gateway: {separator: "x"}\n', 'gateway.separator'],
    ['a zero timeout', 'gateway: {timeout: 0}\n', 'gateway.timeout'],
    ['a string size', 'gateway: {maxMessageBytes: "1MB"}\n', 'gateway.maxMessageBytes'],
    ['a zero upstream size', 'gateway: {maxUpstreamMessageBytes: 0}\n', 'gateway.maxUpstreamMessageBytes'],
    ['an unknown key', 'gateway: {timout: 5}\n', 'did you mean'],
    ['an unknown durability', 'gateway: {durability: fsync}\n', 'gateway.durability'],
  ])('refuses %s with a place (and so does the schema)', (_, text, words) => {
    const parsed = parseConfig(text, 'c.yaml');
    expect(parsed.config).toBeUndefined();
    const p = parsed.problems.find((x) => x.severity === 'error');
    expect(p?.line).toBe(1);
    expect(`${p?.path} ${p?.message}`).toContain(words);
    expect(validate(parse(text))).toBe(false);
  });
});
