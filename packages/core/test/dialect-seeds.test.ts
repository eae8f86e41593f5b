import type { DataClaims, ToolClaims } from '@mcp-trust/core';
import {
  readRequestAnnotations,
  readResultAnnotations,
  readToolAnnotations,
  readToolDefinition,
} from '@mcp-trust/core';
import { describe, expect, it } from 'vitest';
import { codesOf, field, wire, wireAll } from './support/dialect-fixtures.js';

/** The seeds' tools, in canonical form: what each example in the proposals says. */
const SEND_EMAIL: ToolClaims = {
  hints: {},
  destination: ['public'],
  inputSensitivity: ['pii', 'user'],
  outcomes: ['irreversible'],
  returnSource: ['system'],
  returnSensitivity: [],
};
const READ_DRAFTS: ToolClaims = {
  hints: {},
  destination: ['ephemeral'],
  inputSensitivity: [],
  outcomes: ['benign'],
  returnSource: ['user'],
  returnSensitivity: ['pii'],
};
const LIST_INBOX: ToolClaims = {
  ...READ_DRAFTS,
  returnSource: ['untrustedPublic'],
  returnSensitivity: ['pii', 'user'],
};

const SEP1913_TOOLS: [string, ToolClaims][] = [
  ['send_email', SEND_EMAIL],
  ['read_drafts', READ_DRAFTS],
  ['list_inbox', LIST_INBOX],
];

describe('seed fixtures: SEP-1913 action metadata examples', () => {
  for (const [name, claims] of SEP1913_TOOLS) {
    it(`${name} reads as its canonical claims, without problems`, () => {
      const r = readToolDefinition(wire(`seeds/sep1913-tool-${name}.json`));
      expect(r.value).toEqual({ name, claims });
      expect(r.problems).toEqual([]);
      expect(r.dialects).toEqual(['sep1913']);
    });
  }
});

describe('seed fixtures: SEP-2061 (PascalCase) reads the same as SEP-1913, with legacy warnings', () => {
  for (const [name, claims] of SEP1913_TOOLS) {
    it(`${name} ≡ the SEP-1913 ${name}`, () => {
      const legacy = readToolDefinition(wire(`seeds/sep2061-tool-${name}.json`));
      const current = readToolDefinition(wire(`seeds/sep1913-tool-${name}.json`));
      expect(legacy.value).toEqual(current.value);
      expect(legacy.value.claims).toEqual(claims);
      expect(legacy.dialects).toEqual(['sep2061']);
      expect(legacy.problems.length).toBeGreaterThan(0);
      for (const p of legacy.problems) {
        expect(p).toMatchObject({ code: 'legacy-pascal-case', severity: 'warning' });
        expect(p.path).toMatch(/^\$\.annotations\.(inputMetadata|returnMetadata)\.[A-Z]/);
      }
    });
  }

  it('warns once for each PascalCase key and once for each PascalCase value, at its path', () => {
    const r = readToolDefinition(wire('seeds/sep2061-tool-send_email.json'));
    const input = '$.annotations.inputMetadata';
    const ret = '$.annotations.returnMetadata';
    expect(codesOf(r.problems).sort()).toEqual(
      [
        `${input}.Destination`, // key
        `${input}.Destination`, // "Public"
        `${input}.Sensitivity`,
        `${input}.Sensitivity[0]`, // "PII"
        `${input}.Sensitivity[1]`, // "User"
        `${input}.Outcomes`,
        `${input}.Outcomes`, // "Irreversible"
        `${ret}.Source`,
        `${ret}.Source`, // "System"
        `${ret}.Sensitivity`,
        `${ret}.Sensitivity`, // "None"
      ]
        .map((path) => `warning legacy-pascal-case ${path}`)
        .sort(),
    );
  });
});

describe('seed fixtures: SEP-1984 examples', () => {
  const cases: [string, ToolClaims][] = [
    [
      'ai_code_analyzer',
      {
        title: 'AI Code Analyzer',
        hints: {
          readOnlyHint: true,
          openWorldHint: true,
          aiProcessingHint: true,
          slowExecutionHint: true,
          sensitiveDataHint: true,
        },
      },
    ],
    [
      'backup_database',
      {
        title: 'Database Backup',
        hints: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
          slowExecutionHint: true,
          resourceIntensiveHint: true,
          sensitiveDataHint: true,
          privilegedAccessHint: true,
          reversibleHint: true,
        },
      },
    ],
    [
      'restart_service',
      {
        title: 'Restart Service',
        hints: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
          privilegedAccessHint: true,
          reversibleHint: true,
        },
      },
    ],
  ];
  for (const [name, claims] of cases) {
    it(`${name}: every hint, tri-state, and the title`, () => {
      const r = readToolDefinition(wire(`seeds/sep1984-tool-${name}.json`));
      expect(r.value).toEqual({ name, claims });
      expect(r.problems).toEqual([]);
      expect(r.dialects).toEqual(['sep1984']);
    });
  }
});

describe('seed fixtures: SEP-1913 tools/resolve, result and request', () => {
  it('the resolved read_file: concrete returnMetadata, hints and attribution', () => {
    const r = readToolAnnotations(
      field(field(wire('seeds/sep1913-resolve-response.json'), 'tool'), 'annotations'),
    );
    expect(r.value).toEqual({
      hints: { readOnlyHint: true, openWorldHint: false },
      attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
      returnSource: ['internal'],
      returnSensitivity: ['financial'],
    });
    expect(r.dialects).toEqual(['sep1913']);
    // SEP-1913 resolves only returnMetadata here; that one object is complete.
    expect(r.problems).toEqual([]);
  });

  it('the tools/resolve request carries no annotations', () => {
    const r = readRequestAnnotations(field(wire('seeds/sep1913-resolve-request.json'), 'params'));
    expect(r).toEqual({ value: {}, problems: [], dialects: [] });
  });

  const attributed: DataClaims = { attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'] };

  it('the CallToolResult: response-level attribution', () => {
    const r = readResultAnnotations(field(wire('seeds/sep1913-result.json'), 'result'));
    expect(r).toEqual({ value: attributed, problems: [], dialects: ['sep1913'] });
  });

  it('the tools/call request: attribution in params._meta.annotations', () => {
    const r = readRequestAnnotations(field(wire('seeds/sep1913-request.json'), 'params'));
    expect(r).toEqual({ value: attributed, problems: [], dialects: ['sep1913'] });
  });

  it('covers every seed fixture', () => {
    const covered = [
      ...SEP1913_TOOLS.flatMap(([n]) => [`sep1913-tool-${n}.json`, `sep2061-tool-${n}.json`]),
      'sep1984-tool-ai_code_analyzer.json',
      'sep1984-tool-backup_database.json',
      'sep1984-tool-restart_service.json',
      'sep1913-resolve-response.json',
      'sep1913-resolve-request.json',
      'sep1913-result.json',
      'sep1913-request.json',
    ];
    expect(wireAll('seeds').map(([f]) => f)).toEqual(covered.sort());
  });
});

describe('dialect fixtures', () => {
  it('send_email in the action-metadata extension (either key spelling) reads as SEP-1913 send_email', () => {
    for (const file of ['ext-action-metadata-tool.json', 'ext-action-metadata-aliases-tool.json']) {
      const r = readToolDefinition(wire(`dialects/${file}`));
      expect(r.value).toEqual({ name: 'send_email', claims: SEND_EMAIL });
      expect(r.problems).toEqual([]);
      expect(r.dialects).toEqual(['ext-action-metadata']);
    }
  });

  it('a tool mixing every dialect: each part read, each dialect named', () => {
    const r = readToolDefinition(wire('dialects/mixed-dialects-tool.json'));
    expect(r.value).toEqual({
      name: 'export_payroll',
      claims: {
        title: 'Export payroll',
        hints: {
          readOnlyHint: false,
          destructiveHint: false,
          openWorldHint: true,
          maliciousActivityHint: false,
          privateHint: true,
          trustedHint: false,
          privilegedAccessHint: true,
          reversibleHint: false,
        },
        sensitiveLevel: 'high',
        attribution: ['mcp://hr.acme.local/payroll', 'urn:org:acme:hr:payroll'],
        destination: ['internal', 'public'],
        inputSensitivity: ['financial', 'regulated'],
        outcomes: ['consequential'],
        returnSource: ['internal', 'system'],
        returnSensitivity: ['financial', 'regulated:GDPR', 'regulated:SOX'],
      },
    });
    expect(r.dialects).toEqual([
      'ext-action-metadata',
      'issue711',
      'sep1487',
      'sep1913',
      'sep1984',
      'sep2061',
    ]);
    expect(new Set(r.problems.map((p) => p.code))).toEqual(new Set(['legacy-pascal-case']));
  });

  it('trust-annotations on a response and its blocks aggregate into one claim', () => {
    const r = readResultAnnotations(wire('dialects/ext-trust-result.json'));
    expect(r.value).toEqual({
      openWorld: true,
      malicious: true,
      // one block said nothing about its source: the sources are "at least these"
      sources: ['unknown', 'untrustedPublic'],
      sensitivity: ['pii'],
      attribution: ['https://mail.example.com/msg/42', 'mcp://mail.example.com/inbox'],
    });
    expect(r.problems).toEqual([]);
    expect(r.dialects).toEqual(['ext-trust-annotations']);
  });

  it('GitHub ifc labels: a trusted private response with one untrusted comment', () => {
    const r = readResultAnnotations(wire('dialects/github-ifc-result.json'));
    expect(r.value).toEqual({ openWorld: true, private: true, sources: ['unknown', 'untrustedPublic'] });
    expect(r.problems).toEqual([]);
    expect(r.dialects).toEqual(['github-ifc']);
  });

  it('a request in the trust-annotations extension form', () => {
    const r = readRequestAnnotations(wire('dialects/ext-trust-request.json'));
    expect(r.value).toEqual({
      openWorld: true,
      sources: ['untrustedPublic'],
      sensitivity: ['financial', 'regulated:GDPR'],
      attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
    });
    expect(r.dialects).toEqual(['ext-trust-annotations']);
  });

  it('a request carrying #711 hints beside SEP-1913 ones', () => {
    const r = readRequestAnnotations(wire('dialects/issue711-request.json'));
    expect(r.value).toEqual({
      openWorld: false,
      private: true,
      sensitiveLevel: 'medium',
      attribution: ['local://WORKSTATION.corp.acme.com/src/app/secrets.ts'],
    });
    expect(r.problems).toEqual([]);
    expect(r.dialects).toEqual(['issue711', 'sep1913']);
  });
});
