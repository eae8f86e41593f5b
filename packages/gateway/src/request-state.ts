import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * `requestState` for the multi-round-trip questions: it comes back through the host, so it is
 * attacker-controlled until verified. HMAC-SHA256 under a key made at start-up binds it to the
 * kind of question, the session and the exact call; a restart invalidates old states (the
 * person is simply asked again).
 */
export class RequestStateSigner {
  private readonly key = randomBytes(32);

  sign(kind: string, session: string, hash: string, token = ''): string {
    const body = Buffer.from(JSON.stringify([kind, session, hash, token])).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The token inside a valid state for this kind, session and call; `undefined` otherwise. */
  verify(state: string | undefined, kind: string, session: string, hash: string): string | undefined {
    if (typeof state !== 'string') return undefined;
    const dot = state.indexOf('.');
    if (dot < 0) return undefined;
    const body = state.slice(0, dot);
    const mac = Buffer.from(state.slice(dot + 1));
    const expected = Buffer.from(this.mac(body));
    if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return undefined;
    try {
      const [k, s, h, token] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as string[];
      return k === kind && s === session && h === hash && typeof token === 'string' ? token : undefined;
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
