import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkRequest, defaultAllowed, isLoopback } from '../src/http-guard.js';

const req = (headers: Record<string, string>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;

describe('HTTP guard', () => {
  const allowed = defaultAllowed('127.0.0.1', 8787);
  const opts = { allowedHosts: allowed.hosts, allowedOrigins: allowed.origins };

  it('lets a local client through', () => {
    expect(checkRequest(req({ host: '127.0.0.1:8787' }), opts)).toBeUndefined();
    expect(
      checkRequest(req({ host: 'localhost:8787', origin: 'http://localhost:8787' }), opts),
    ).toBeUndefined();
  });

  it('refuses a rebound Host and a foreign Origin with 403', () => {
    expect(checkRequest(req({ host: 'evil.example:8787' }), opts)?.status).toBe(403);
    expect(checkRequest(req({ host: '127.0.0.1:8787', origin: 'https://evil.example' }), opts)?.status).toBe(
      403,
    );
    expect(checkRequest(req({}), opts)?.status).toBe(403);
  });

  it('requires the exact bearer token when one is set', () => {
    const withToken = { ...opts, token: 's3cret' };
    const host = { host: '127.0.0.1:8787' };
    expect(checkRequest(req(host), withToken)?.status).toBe(401);
    expect(checkRequest(req({ ...host, authorization: 'Bearer wrong!' }), withToken)?.status).toBe(401);
    expect(checkRequest(req({ ...host, authorization: 's3cret' }), withToken)?.status).toBe(401);
    expect(checkRequest(req({ ...host, authorization: 'Bearer s3cret' }), withToken)).toBeUndefined();
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.0.0.2'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '192.168.1.2', '::'].some(isLoopback)).toBe(false);
  });
});
