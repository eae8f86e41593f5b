import { describe, expect, it } from 'vitest';
import { RequestStateSigner } from '../src/request-state.js';

describe('RequestStateSigner', () => {
  const signer = new RequestStateSigner();

  it('round-trips a state for the same kind, session and call', () => {
    const state = signer.sign('release', 's1', 'h1', 'tok');
    expect(signer.verify(state, 'release', 's1', 'h1')).toBe('tok');
    expect(signer.verify(signer.sign('call', 's1', 'h1'), 'call', 's1', 'h1')).toBe('');
  });

  it('refuses a state for another session, call or kind', () => {
    const state = signer.sign('call', 's1', 'h1');
    expect(signer.verify(state, 'call', 's2', 'h1')).toBeUndefined();
    expect(signer.verify(state, 'call', 's1', 'h2')).toBeUndefined();
    expect(signer.verify(state, 'release', 's1', 'h1')).toBeUndefined();
  });

  it('refuses forged, tampered, foreign and malformed states', () => {
    const state = signer.sign('call', 's1', 'h1');
    const [body, mac] = state.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['call', 's1', 'h1', ''])).toString('base64url');
    expect(
      signer.verify(`${forged}.${mac.replace(/.$/, mac.endsWith('A') ? 'B' : 'A')}`, 'call', 's1', 'h1'),
    ).toBeUndefined();
    expect(signer.verify(`${body}x.${mac}`, 'call', 's1', 'h1')).toBeUndefined();
    expect(new RequestStateSigner().verify(state, 'call', 's1', 'h1')).toBeUndefined();
    for (const bad of [undefined, '', '.', 'abc', `${body}.`, `.${mac}`]) {
      expect(signer.verify(bad, 'call', 's1', 'h1')).toBeUndefined();
    }
  });
});
