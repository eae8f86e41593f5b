/**
 * `npm run demo` end to end: the real gateway process, the example servers and server-filesystem,
 * a real SDK client as the agent, and the real CLI verifying the audit log. The demo exits
 * non-zero when any scenario turns out other than SEP-1913 describes.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));

describe('mcp-trust demo', () => {
  it('walks the SEP scenarios through the real gateway and ends with a verified audit log', () => {
    const run = spawnSync(process.execPath, [BIN, 'demo'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 90_000,
    });
    const out = run.stdout;
    expect(run.status, `${out}\n${run.stderr}`).toBe(0);
    expect(out).not.toContain('\u001b[');
    expect(out).toMatch(
      /1\. An everyday internal flow[^\n]*\n(?:.*\n)*?\s+✓ allowed without a question, as the SEP expects/,
    );
    expect(out).toMatch(
      /2\. The salary sheet[^\n]*\n(?:.*\n)*?\s+\? the person answers: decline\n\s+✗ refused[^\n]*\n\s+✓ the person is asked/,
    );
    expect(out).toMatch(/3\. A web summary[^\n]*\n(?:.*\n)*?\s+✗ blocked untrusted-content-to-public/);
    expect(out).toMatch(/4\. A page carrying a hidden prompt injection[^\n]*\n(?:.*\n)*?\s+⚠ withheld/);
    expect(out).toMatch(/malicious-data-steers-action/);
    // Only the internal mail really left.
    expect(out).toMatch(
      /What actually left the building\n\s+mail sent-001 to lunch@example.com \(internal\)[^\n]*\n\n/,
    );
    expect(out).toMatch(/audit log OK: \d+ records/);
    expect(out).toContain('All scenarios behaved as the SEP describes.');
  });
});
