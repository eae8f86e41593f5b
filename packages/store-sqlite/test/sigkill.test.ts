import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { leq, makeLabel } from '@mcp-trust/core';
import { openSqliteStore } from '@mcp-trust/store-sqlite';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const child = fileURLToPath(new URL('./kill-child.ts', import.meta.url));

it.each([
  ['appended', 'append'],
  ['logged through the journal', 'log'],
])('keeps every acknowledged audit record (%s) and the session label after SIGKILL', async (_, mode) => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-trust-kill-'));
  const path = join(dir, 'store.db');
  try {
    // tsx with the check config's paths runs the TypeScript sources, so no build is needed.
    const proc = spawn(process.execPath, ['--import', 'tsx', child, path, mode], {
      cwd: root,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.check.json') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let sessionAcked = false;
    let lastAck = 0;
    await new Promise<void>((resolve, reject) => {
      let buffered = '';
      proc.on('error', reject);
      proc.on('exit', (code, signal) =>
        signal === 'SIGKILL' ? resolve() : reject(new Error(`exit ${code}`)),
      );
      proc.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          if (line === 'ack session') sessionAcked = true;
          else if (line.startsWith('ack ')) lastAck = Number(line.slice(4));
        }
        // Kill mid-stream, right after an acknowledgement, while the child is still writing.
        // (Logging runs past a few chaining rounds first, so the kill lands between two.)
        if (lastAck >= (mode === 'log' ? 150 : 50) && !proc.killed) proc.kill('SIGKILL');
      });
    });
    expect(sessionAcked).toBe(true);
    const store = openSqliteStore(path);
    try {
      const verdict = store.verifyAudit();
      expect(verdict.ok).toBe(true);
      if (verdict.ok) expect(verdict.count).toBeGreaterThanOrEqual(lastAck);
      expect(store.audit({ limit: lastAck }).map((r) => r.seq)).toEqual(
        Array.from({ length: lastAck }, (_, i) => i + 1),
      );
      if (mode === 'log') {
        // Every acknowledged record, in order, once.
        expect(store.audit({ limit: lastAck }).map((r) => (r.data as { n: number }).n)).toEqual(
          Array.from({ length: lastAck }, (_, i) => i + 1),
        );
      }
      const tainted = makeLabel({ openWorld: true, malicious: true, sources: ['untrustedPublic'] });
      expect(leq(tainted, store.loadSession('victim')!.label)).toBe(true);
    } finally {
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
