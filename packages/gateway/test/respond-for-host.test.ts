import { describe, expect, it } from 'vitest';
import { forHost } from '../src/pipeline/respond-step.js';
import { readableError } from '../src/schema-issues.js';

describe('forHost: structuredContent as the host revision reads it', () => {
  const list = { content: [], structuredContent: [1, 2] };

  it('gives a 2025-era host a value that is not an object as {result}, with a text block holding it', () => {
    expect(forHost(list, true)).toEqual({
      content: [{ type: 'text', text: '[1,2]' }],
      structuredContent: { result: [1, 2] },
    });
  });

  it('leaves a 2026 host the value as it is, with the text block', () => {
    expect(forHost(list, false)).toEqual({
      content: [{ type: 'text', text: '[1,2]' }],
      structuredContent: [1, 2],
    });
  });

  it('adds no text block where the result has text, and leaves an object alone', () => {
    const withText = { content: [{ type: 'text', text: 'two numbers' }], structuredContent: null };
    expect(forHost(withText, true)).toEqual({ ...withText, structuredContent: { result: null } });
    const object = { content: [], structuredContent: { a: 1 } };
    expect(forHost(object, true)).toBe(object);
  });
});

describe('readableError', () => {
  it('says an issue list the SDK wrote into a message as path: message', () => {
    const sdk = new Error(
      `Invalid tools/call result: ${JSON.stringify([{ code: 'invalid_type', expected: 'array', path: ['content'], message: 'Invalid input: expected array, received string' }], null, 2)}`,
    );
    expect(readableError(sdk)).toBe(
      'Invalid tools/call result: content: Invalid input: expected array, received string',
    );
  });

  it('leaves any other message as it is', () => {
    expect(readableError(new Error('upstream "x" is not available: [restarting]'))).toBe(
      'upstream "x" is not available: [restarting]',
    );
  });
});
