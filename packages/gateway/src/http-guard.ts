import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface HttpGuardOptions {
  /** Required as `Authorization: Bearer TOKEN` when set. */
  token?: string;
  /** Host header values accepted (hostname[:port]); DNS-rebinding defence. */
  allowedHosts: string[];
  /** Origin header values accepted when one is sent (browsers always send it). */
  allowedOrigins: string[];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith('127.');
}

/** The hosts and origins a server bound to `host:port` answers to by default. */
export function defaultAllowed(host: string, port: number): { hosts: string[]; origins: string[] } {
  const names = isLoopback(host) ? ['localhost', '127.0.0.1', '[::1]'] : [host];
  return {
    hosts: names.flatMap((n) => [n, `${n}:${port}`]),
    origins: names.flatMap((n) => [
      `http://${n}:${port}`,
      `https://${n}:${port}`,
      `http://${n}`,
      `https://${n}`,
    ]),
  };
}

/** `undefined` when the request may proceed; otherwise the status and the reason. */
export function checkRequest(
  req: IncomingMessage,
  opts: HttpGuardOptions,
): { status: number; message: string } | undefined {
  const host = req.headers.host ?? '';
  if (!opts.allowedHosts.includes(host.toLowerCase())) {
    return { status: 403, message: `Host ${JSON.stringify(host)} is not allowed (DNS rebinding protection)` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !opts.allowedOrigins.includes(origin.toLowerCase())) {
    return { status: 403, message: `Origin ${JSON.stringify(origin)} is not allowed` };
  }
  if (opts.token !== undefined) {
    const auth = req.headers.authorization ?? '';
    const given = Buffer.from(auth.startsWith('Bearer ') ? auth.slice(7) : '');
    const want = Buffer.from(opts.token);
    // An empty token never authenticates anything (it would match an empty header).
    if (
      !auth.startsWith('Bearer ') ||
      want.length === 0 ||
      given.length !== want.length ||
      !timingSafeEqual(given, want)
    ) {
      return { status: 401, message: 'a valid bearer token is required' };
    }
  }
  return undefined;
}
