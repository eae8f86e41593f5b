import { carriesNoAnnotations, readResultAnnotations, TRUST_ANNOTATIONS_KEY } from '@mcp-trust/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codesOf } from './support/dialect-fixtures.js';

/** A text block with SEP-1913 annotations in its `_meta` (or none). */
const block = (annotations?: Record<string, unknown>) =>
  annotations === undefined
    ? { type: 'text', text: 't' }
    : { type: 'text', text: 't', _meta: { annotations } };
const fromUser = { returnMetadata: { source: 'user', sensitivity: 'pii' } };

describe('response aggregation (SEP-1913 "Response Annotations Scope")', () => {
  it('one malicious block among clean ones makes the response malicious', () => {
    const clean = { openWorldHint: false, maliciousActivityHint: false };
    const r = readResultAnnotations({
      content: [block(clean), block({ ...clean, maliciousActivityHint: true }), block(clean)],
    });
    expect(r.value).toEqual({ openWorld: false, malicious: true });
  });

  it('one open-world block makes the response open-world, whatever the response level says', () => {
    const r = readResultAnnotations({
      content: [block(), block({ openWorldHint: true })],
      _meta: { annotations: { openWorldHint: false } },
    });
    expect(r.value.openWorld).toBe(true);
  });

  it('a flag is false when the response level says so, or every block does; else no claim', () => {
    const f = { openWorldHint: false, privateHint: false };
    expect(readResultAnnotations({ content: [block(), block()], _meta: { annotations: f } }).value).toEqual({
      openWorld: false,
      private: false,
    });
    expect(readResultAnnotations({ content: [block(f), block(f)] }).value).toEqual({
      openWorld: false,
      private: false,
    });
    // One block said nothing: its data may be anything, so "not open-world" is not the response's.
    expect(readResultAnnotations({ content: [block(f), block()] }).value).toEqual({});
    expect(readResultAnnotations({ content: [block(f), 'not a block'] }).value).toEqual({});
  });

  it('sets claimed by some blocks but not others are partial (unknown added)', () => {
    const r = readResultAnnotations({ content: [block(fromUser), block({ openWorldHint: false })] });
    expect(r.value).toEqual({ sources: ['unknown', 'user'], sensitivity: ['pii', 'unknown'] });
  });

  it('sets claimed by every block are complete, and their union', () => {
    const r = readResultAnnotations({
      content: [block(fromUser), block({ returnMetadata: { source: 'internal', sensitivity: 'financial' } })],
    });
    expect(r.value).toEqual({ sources: ['internal', 'user'], sensitivity: ['financial', 'pii'] });
  });

  it('a response-level set covers the blocks that say nothing', () => {
    const r = readResultAnnotations({
      content: [block(fromUser), block()],
      _meta: { annotations: { returnMetadata: { source: 'internal', sensitivity: 'none' } } },
    });
    expect(r.value).toEqual({ sources: ['internal', 'user'], sensitivity: ['pii'] });
  });

  it('attribution is the union of the response’s and every block’s', () => {
    const r = readResultAnnotations({
      content: [block({ attribution: ['urn:b', 'urn:a'] }), block({ attribution: ['urn:c'] }), block()],
      _meta: { annotations: { attribution: ['urn:a', 'urn:r'] } },
    });
    expect(r.value).toEqual({ attribution: ['urn:a', 'urn:b', 'urn:c', 'urn:r'] });
  });

  it('the sensitivity level is the highest claimed', () => {
    const r = readResultAnnotations({
      content: [block({ sensitiveHint: 'high' }), block({ sensitiveHint: 'low' })],
      _meta: { annotations: { sensitiveHint: 'medium' } },
    });
    expect(r.value).toEqual({ sensitiveLevel: 'high' });
  });

  it('annotations in different dialects on the same block are joined: the worse wins', () => {
    const r = readResultAnnotations({
      content: [
        {
          type: 'text',
          text: 't',
          _meta: {
            annotations: { openWorldHint: false, attribution: ['urn:a'] },
            [TRUST_ANNOTATIONS_KEY]: { untrusted: true, sensitive: 'credentials' },
            ifc: { confidentiality: 'private' },
          },
        },
      ],
    });
    expect(r.value).toEqual({
      openWorld: true,
      private: true,
      sources: ['untrustedPublic'],
      sensitivity: ['credentials'],
      attribution: ['urn:a'],
    });
    expect(r.dialects).toEqual(['ext-trust-annotations', 'github-ifc', 'sep1913']);
  });

  it('a block’s own _meta and its embedded resource’s _meta describe one block', () => {
    const r = readResultAnnotations({
      content: [
        {
          type: 'resource',
          _meta: { annotations: { returnMetadata: { source: 'user', sensitivity: 'none' } } },
          resource: { uri: 'x', text: 'x', _meta: { annotations: { maliciousActivityHint: true } } },
        },
      ],
    });
    // The block's sources claim is complete: both annotations are about the same (only) block.
    expect(r.value).toEqual({ malicious: true, sources: ['user'], sensitivity: [] });
  });

  it('content and contents are both read', () => {
    const r = readResultAnnotations({ content: [block(fromUser)], contents: [{ uri: 'x' }] });
    expect(r.value.sources).toEqual(['unknown', 'user']);
  });

  it('nothing said anywhere is no claim', () => {
    expect(readResultAnnotations({ content: [block(), block()] })).toEqual({
      value: {},
      problems: [],
      dialects: [],
    });
    expect(readResultAnnotations({})).toEqual({ value: {}, problems: [], dialects: [] });
  });

  it('problems in blocks carry the block’s path', () => {
    const r = readResultAnnotations({ content: [block(), block({ openWorldHint: 'sometimes' })] });
    expect(r.value.openWorld).toBe(true);
    expect(codesOf(r.problems)).toEqual(['error invalid-type $.content[1]._meta.annotations.openWorldHint']);
  });

  it('content that is not an array, or a _meta that is not an object, is an error', () => {
    const r = readResultAnnotations({ content: 'text', _meta: 'x' });
    expect(r.value).toEqual({});
    expect(codesOf(r.problems)).toEqual(['error invalid-type $._meta', 'error invalid-type $.content']);
  });

  it('blocks beyond the limit are not read, and the response is treated as open-world and partial', () => {
    const many = Array.from({ length: 10_001 }, () => block({ openWorldHint: false }));
    const r = readResultAnnotations({ content: many });
    expect(r.value).toEqual({ openWorld: true, sources: ['unknown'], sensitivity: ['unknown'] });
    expect(codesOf(r.problems)).toEqual(['error too-large $.content']);
  });
});

describe('carriesNoAnnotations (the fast answer for plain results)', () => {
  const plain = [
    {},
    { content: [] },
    {
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
    },
    { content: [{ type: 'text', text: 'x' }], structuredContent: { a: 1 }, isError: false },
    { content: [null, 3, 'odd'] },
    { content: [], _meta: {} },
    // What every 2026-07-28 result carries: the protocol's keys are no annotations.
    {
      content: [{ type: 'text', text: 'x' }],
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'echo', version: '1' }, progressToken: 3 },
    },
  ];
  const annotated = [
    { content: [], _meta: { annotations: {} } },
    { content: [], _meta: { annotations: 'odd' } },
    { content: [], _meta: { [TRUST_ANNOTATIONS_KEY]: {} } },
    { content: [], _meta: { ifc: { labels: [] } } },
    { content: [], _meta: [] },
    { content: [], _meta: 'not an object' },
    { content: [], _meta: null },
    { content: [block({ openWorldHint: true })] },
    { content: [{ type: 'resource', resource: { uri: 'file:///a', text: 'a' } }] },
    { contents: [{ uri: 'file:///a', text: 'a' }] },
    { content: 'not a list' },
    { content: new Array(10_001).fill({ type: 'text', text: '' }) },
    null,
    [],
    new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('hostile');
        },
      },
    ),
  ];

  it('says yes only where the full reader finds nothing and reports nothing', () => {
    for (const r of plain) {
      expect(carriesNoAnnotations(r)).toBe(true);
      const read = readResultAnnotations(r);
      expect(read.value).toEqual({});
      expect(read.problems).toEqual([]);
    }
  });

  it('says no wherever there is something to read or report', () => {
    for (const r of annotated) expect(carriesNoAnnotations(r)).toBe(false);
  });

  it('agrees with the full reader on generated results', () => {
    const blockArb = fc.oneof(
      fc.record({ type: fc.constant('text'), text: fc.string() }),
      fc.record({
        type: fc.constant('text'),
        text: fc.string(),
        _meta: fc.dictionary(fc.string(), fc.jsonValue()),
      }),
      fc.record({
        type: fc.constant('resource'),
        resource: fc.record({ uri: fc.string(), text: fc.string() }),
      }),
      fc.jsonValue(),
    );
    const resultArb = fc.record(
      {
        content: fc.oneof(fc.array(blockArb, { maxLength: 5 }), fc.jsonValue()),
        _meta: fc.oneof(
          fc.dictionary(fc.string(), fc.jsonValue()),
          fc.dictionary(
            fc.constantFrom(
              'annotations',
              'ifc',
              TRUST_ANNOTATIONS_KEY,
              'io.modelcontextprotocol/serverInfo',
              'x',
            ),
            fc.jsonValue(),
          ),
          fc.jsonValue(),
        ),
        structuredContent: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(resultArb, (r) => {
        if (!carriesNoAnnotations(r)) return;
        const read = readResultAnnotations(r);
        expect(read.value).toEqual({});
        expect(read.problems).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
