import { describe, expect, it } from 'vitest';
import { parseTraceLine } from '../src/index.js';

describe('parseTraceLine', () => {
  it('reads the four event types, with the default session', () => {
    expect(parseTraceLine('{"type":"prompt","text":"hi"}')).toEqual({
      event: { type: 'prompt', session: 'default', text: 'hi' },
    });
    expect(parseTraceLine('{"type":"call","session":"s","id":7,"server":"a","tool":"t"}')).toEqual({
      event: { type: 'call', session: 's', id: '7', server: 'a', tool: 't', arguments: {} },
    });
    expect(parseTraceLine('{"type":"result","id":"c","result":null}')).toEqual({
      event: { type: 'result', session: 'default', id: 'c', result: null },
    });
    expect(parseTraceLine('{"type":"server","server":"a","tools":[{"name":"t"}]}')).toEqual({
      event: { type: 'server', server: 'a', tools: [{ name: 't' }] },
    });
    expect(parseTraceLine('   ')).toBeUndefined();
  });

  it.each([
    ['not json', '{'],
    ['an array', '[]'],
    ['unknown type', '{"type":"cal"}'],
    ['call without id', '{"type":"call","server":"a","tool":"t"}'],
    ['call with array arguments', '{"type":"call","id":"c","server":"a","tool":"t","arguments":[]}'],
    ['result without result', '{"type":"result","id":"c"}'],
    ['server with a nameless tool', '{"type":"server","server":"a","tools":[{}]}'],
    ['empty session', '{"type":"prompt","session":"","text":"x"}'],
  ])('reports %s as an error', (_, line) => {
    expect(parseTraceLine(line)).toEqual({ error: expect.any(String) });
  });
});
