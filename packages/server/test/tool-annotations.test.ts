/** Typed builders for tool annotations: SEP-1913 JSON out, checked by core's reader and pinned schema. */

import { readToolAnnotations } from '@mcp-trust/core';
import type { TrustToolAnnotationsInit } from '@mcp-trust/server';
import { declareTools, TrustError, toolAnnotations } from '@mcp-trust/server';
import { describe, expect, it } from 'vitest';
import { errorsOf, validToolAnnotations } from './support/schemas.js';

/** SEP-1913's "Action Metadata Examples", as a server author would declare them. */
const SEP_EXAMPLES: Record<string, TrustToolAnnotationsInit> = {
  read_drafts: {
    inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
    returnMetadata: { source: 'user', sensitivity: 'pii' },
  },
  list_inbox: {
    inputMetadata: { destination: 'ephemeral', sensitivity: 'none', outcomes: 'benign' },
    returnMetadata: { source: 'untrustedPublic', sensitivity: ['pii', 'user'] },
  },
  send_email: {
    inputMetadata: { destination: 'public', sensitivity: ['pii', 'user'], outcomes: 'irreversible' },
    returnMetadata: { source: 'system', sensitivity: 'none' },
  },
};

describe('toolAnnotations', () => {
  it.each(Object.entries(SEP_EXAMPLES))(
    'writes SEP-1913 JSON for %s that validates and reads back',
    (name, init) => {
      const wire = toolAnnotations(init, { tool: name });
      expect(validToolAnnotations(wire), errorsOf(validToolAnnotations)).toBe(true);
      const read = readToolAnnotations(wire);
      expect(read.problems).toEqual([]);
      expect(read.dialects).toEqual(['sep1913']);
    },
  );

  it('writes possible sets in rank order, one member as a scalar, data classes as tags allow', () => {
    const wire = toolAnnotations({
      readOnlyHint: false,
      inputMetadata: {
        destination: ['public', 'internal'],
        sensitivity: ['none', 'financial', { regulated: { scopes: ['hipaa'] } }],
        outcomes: ['irreversible', 'consequential'],
      },
      returnMetadata: { source: ['system'], sensitivity: 'none' },
    });
    expect(wire).toEqual({
      readOnlyHint: false,
      inputMetadata: {
        destination: ['internal', 'public'],
        sensitivity: ['financial', { regulated: { scopes: ['HIPAA'] } }],
        outcomes: ['consequential', 'irreversible'],
      },
      returnMetadata: { source: 'system', sensitivity: 'none' },
    });
  });

  it('carries SEP-1984, SEP-1487 and #711 hints, and the title', () => {
    const wire = toolAnnotations({
      title: 'Summarise',
      aiProcessingHint: true,
      slowExecutionHint: true,
      resourceIntensiveHint: false,
      sensitiveDataHint: true,
      privilegedAccessHint: false,
      reversibleHint: true,
      trustedHint: false,
      privateHint: true,
      sensitiveHint: 'medium',
    });
    expect(wire).toEqual({
      title: 'Summarise',
      aiProcessingHint: true,
      slowExecutionHint: true,
      resourceIntensiveHint: false,
      sensitiveDataHint: true,
      privilegedAccessHint: false,
      reversibleHint: true,
      trustedHint: false,
      privateHint: true,
      sensitiveHint: 'medium',
    });
    expect(validToolAnnotations(wire), errorsOf(validToolAnnotations)).toBe(true);
  });

  it('completes a partial metadata object with full sets (unknown), as SEP-1913 requires every field', () => {
    const wire = toolAnnotations({ inputMetadata: { destination: 'internal' } });
    expect(wire.inputMetadata).toEqual({
      destination: 'internal',
      sensitivity: ['user', 'pii', 'financial', 'credentials', { regulated: { scopes: [] } }],
      outcomes: ['benign', 'consequential', 'irreversible'],
    });
    expect(validToolAnnotations(wire), errorsOf(validToolAnnotations)).toBe(true);
  });

  it('writes the extension form on request', () => {
    const wire = toolAnnotations(SEP_EXAMPLES.send_email!, { form: 'extension' });
    expect(wire).not.toHaveProperty('inputMetadata');
    expect(wire['io.modelcontextprotocol/action-metadata']).toEqual({
      inputMetadata: { destination: 'public', sensitivity: ['user', 'pii'], outcomes: 'irreversible' },
      returnMetadata: { source: 'system', sensitivity: 'none' },
    });
    expect(validToolAnnotations(wire), errorsOf(validToolAnnotations)).toBe(true);
    expect(readToolAnnotations(wire).value.destination).toEqual(['public']);
  });

  it('refuses a bad declaration with an error naming the tool and the JSON path', () => {
    const bad = { inputMetadata: { destination: 'outer-space' } } as unknown as TrustToolAnnotationsInit;
    const error = catchError(() => toolAnnotations(bad, { tool: 'send_email' }));
    expect(error.code).toBe('invalid-annotations');
    expect(error.subject).toBe('tool "send_email"');
    expect(error.issues.map((i) => i.path)).toEqual(['annotations.inputMetadata.destination']);
    expect(error.message).toMatch(/^tool "send_email": annotations\.inputMetadata\.destination: /);
  });

  it('refuses typos, wrong types, PascalCase and empty sets rather than guessing', () => {
    for (const bad of [
      { readonlyHint: true },
      { readOnlyHint: 'yes' },
      { inputMetadata: { Destination: 'Public' } },
      { returnMetadata: { source: [], sensitivity: 'none' } },
      { attribution: [42] },
    ]) {
      expect(() => toolAnnotations(bad as TrustToolAnnotationsInit), JSON.stringify(bad)).toThrow(TrustError);
    }
  });

  it('refuses contradictions a policy would resolve against the author', () => {
    const error = catchError(() =>
      toolAnnotations({ readOnlyHint: true, inputMetadata: { outcomes: 'irreversible' } }, { tool: 'x' }),
    );
    expect(error.code).toBe('contradictory-annotations');
    expect(error.issues[0]?.path).toBe('annotations.readOnlyHint');
  });
});

describe('declareTools', () => {
  it('gives each tool its wire annotations and a contract whose declared sets are the declaration', () => {
    const tools = declareTools(SEP_EXAMPLES);
    const send = tools.send_email!;
    expect(send.name).toBe('send_email');
    expect(send.annotations).toEqual(toolAnnotations(SEP_EXAMPLES.send_email!));
    expect(send.contract.destination).toEqual(['public']);
    expect(send.contract.outcomes).toEqual(['irreversible']);
    expect(send.contract.declared).toEqual({
      destination: true,
      outcomes: true,
      inputSensitivity: true,
      returnSource: true,
      returnSensitivity: true,
    });
    expect(Object.isFrozen(tools)).toBe(true);
  });

  it('keeps undeclared fields unknown (the full set), never safe', () => {
    const { t } = declareTools({ t: { readOnlyHint: true } });
    expect(t.contract.declared.destination).toBe(false);
    expect(t.contract.destination).toContain('public');
  });

  it('names the tool whose declaration is bad', () => {
    expect(() =>
      declareTools({ fine: {}, broken: { sensitiveHint: 'extreme' } as unknown as TrustToolAnnotationsInit }),
    ).toThrow(/^tool "broken": annotations\.sensitiveHint/);
  });
});

function catchError(f: () => unknown): TrustError {
  try {
    f();
  } catch (error) {
    if (error instanceof TrustError) return error;
    throw error;
  }
  throw new Error('expected a TrustError');
}
