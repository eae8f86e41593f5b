/** Attribution URIs in the forms SEP-1913 recommends. */
import { anonymousLocalUri, checkAttribution, localUri, mcpUri, orgUrn, TrustError } from '@mcp-trust/server';
import { describe, expect, it } from 'vitest';

describe('attribution URIs', () => {
  it('builds each form the SEP lists, encoding path segments', () => {
    expect(mcpUri('file-server.acme.local', '/hr/salaries.xlsx')).toBe(
      'mcp://file-server.acme.local/hr/salaries.xlsx',
    );
    expect(mcpUri('file-server.acme.local', 'hr/')).toBe('mcp://file-server.acme.local/hr/');
    expect(mcpUri('file-server.acme.local')).toBe('mcp://file-server.acme.local/');
    expect(mcpUri('files.example.com', 'Q3 report#1.md')).toBe('mcp://files.example.com/Q3%20report%231.md');
    expect(localUri('WORKSTATION.corp.acme.com', 'home/alex/notes.txt')).toBe(
      'local://WORKSTATION.corp.acme.com/home/alex/notes.txt',
    );
    expect(anonymousLocalUri('/tmp/upload.csv')).toBe('local:anonymous/tmp/upload.csv');
    expect(orgUrn('acme', 'hr', 'salaries')).toBe('urn:org:acme:hr:salaries');
  });

  it('refuses a server name that is not a host, and empty URN parts', () => {
    expect(() => mcpUri('files/evil', 'x')).toThrow(TrustError);
    expect(() => mcpUri('', 'x')).toThrow(/not a server name/);
    expect(() => orgUrn('acme', '')).toThrow(/non-empty/);
  });

  it('accepts URIs and refuses paths and opaque file: URIs', () => {
    for (const ok of ['https://blog.example.net/post', 'mcp://mail.example.com/inbox/1', 'urn:org:acme:x'])
      expect(() => checkAttribution(ok)).not.toThrow();
    expect(() => checkAttribution('/etc/passwd')).toThrow(/not a URI/);
    expect(() => checkAttribution('FILE:///etc/passwd')).toThrow(/opaque file: URI/);
  });
});
