import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanText } from '../src/index.js';
import { Positions } from '../src/injection/positions.js';

describe('Positions answers as the string searches it replaces', () => {
  it('last / next / countBefore match lastIndexOf / indexOf / a count from the start', () => {
    const newline = new Positions('\n');
    const fence = new Positions('```');
    const text = fc.stringMatching(/^[a\n`]{0,60}$/);
    fc.assert(
      fc.property(text, fc.integer({ min: -3, max: 70 }), (t, from) => {
        expect(newline.last(t, from)).toBe(t.lastIndexOf('\n', from));
        expect(newline.next(t, from)).toBe(t.indexOf('\n', from));
        let count = 0;
        for (let i = t.indexOf('```'); i >= 0 && i < from; i = t.indexOf('```', i + 3)) count++;
        expect(fence.countBefore(t, from)).toBe(count);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('long texts full of trigger words', () => {
  // Each of these once made a rule search from every trigger back to the start of the text (or a
  // newline): a megabyte took minutes and would have stalled a gateway. The bound here is far
  // above what a linear scan needs on a slow machine, and far below what the quadratic one took.
  const units = [
    'send_a(to="abcdef") ',
    '    send_a(to="x@evil.example") ```',
    'system_prompt: x ',
    'ai: ',
    '<img ',
  ];
  for (const unit of units) {
    it(`scans a megabyte of ${JSON.stringify(unit)} and finds it`, { timeout: 60_000 }, () => {
      const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
      const scan = scanText(text);
      // The test is that it returns well inside the timeout; the text is read to its end.
      expect(scan.findings.every((f) => f.end <= text.length)).toBe(true);
    });
  }
});
