import { describe, expect, it } from 'vitest';
import { checkHostMessage, readHostMessage } from '../src/host-message.js';
import { idAtEdges } from '../src/line-reader.js';

const problem = (text: string) => {
  const read = readHostMessage(text);
  if (!('error' in read)) throw new Error(`expected a problem, got ${JSON.stringify(read)}`);
  return read;
};

describe('readHostMessage', () => {
  it('passes a valid request through as the SDK reads it', () => {
    const read = readHostMessage('{"jsonrpc":"2.0","id":3,"method":"tools/list"}');
    expect(read).toEqual({ message: { jsonrpc: '2.0', id: 3, method: 'tools/list' } });
  });

  it('answers text that is not JSON with a parse error at its position', () => {
    const p = problem('{"jsonrpc":"2.0","id":1,');
    expect(p).toMatchObject({ id: null, code: -32700 });
    expect(p.error).toMatch(/^not JSON: .*position/);
  });

  it('answers a request with bad params by its id, naming the JSON path', () => {
    const p = problem('{"jsonrpc":"2.0","id":"a7","method":"tools/call","params":{"name":"x","_meta":true}}');
    expect(p).toMatchObject({ id: 'a7', code: -32602 });
    expect(p.error).toBe(
      'invalid tools/call request: params._meta: Invalid input: expected object, received boolean',
    );
  });

  it('calls a problem outside params an invalid request', () => {
    const p = problem('{"jsonrpc":"1.0","id":7,"method":"tools/list"}');
    expect(p).toMatchObject({ id: 7, code: -32600 });
    expect(p.error).toContain('jsonrpc: Invalid input: expected "2.0"');
  });

  it('answers an id that is neither string nor number with id null', () => {
    const p = problem('{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}');
    expect(p).toMatchObject({ id: null, code: -32600 });
    expect(p.error).toContain('its id must be a string or a number, not {"x":1}');
  });

  it('has no one to answer for a bad notification or response, and says so', () => {
    expect(checkHostMessage({ jsonrpc: '2.0', method: 'notifications/progress', params: 5 })).toEqual({
      ignored:
        'an invalid notifications/progress notification: params: Invalid input: expected object, received number',
    });
    expect(checkHostMessage({ jsonrpc: '2.0', id: 4, result: 'yes' })).toEqual({
      ignored: 'an invalid response to request 4: result: Invalid input: expected object, received string',
    });
  });

  it('answers JSON that is no message at all with id null', () => {
    const p = problem('[1,2]');
    expect(p).toMatchObject({ id: null, code: -32600 });
    expect(p.error).toMatch(/^not a JSON-RPC message: /);
    expect(Array.isArray(p.value)).toBe(true);
  });

  it('lists at most three problems', () => {
    const p = problem('{"jsonrpc":"1.0","id":1,"method":"x","params":{"_meta":1,"task":1}}');
    expect(p.error.split('; ').length).toBeLessThanOrEqual(4);
  });
});

describe('idAtEdges', () => {
  it('finds the id right after the opening brace, or after jsonrpc', () => {
    expect(idAtEdges('{"id":12,"method":"tools/call","params":{"arguments":{"id":99', '')).toBe(12);
    expect(idAtEdges('{"jsonrpc":"2.0", "id": "req-1", "method"', '')).toBe('req-1');
  });

  it('finds the id right before the closing brace, where the SDK writes it', () => {
    expect(
      idAtEdges('{"method":"tools/call","params":{"id":99,"x":"', 'xxxx"}},"jsonrpc":"2.0","id":41}\r'),
    ).toBe(41);
  });

  it('takes no id from inside params, and gives null when there is none', () => {
    expect(idAtEdges('{"method":"tools/call","params":{"id":99,"x":"', 'xxxx","id":5}}')).toBeNull();
    expect(idAtEdges('garbage', 'more garbage')).toBeNull();
  });
});
