import type { LintFinding } from './finding.js';
import { pathText } from './json-places.js';
import type { LintReport } from './report.js';
import { documentPath, placeOf, sorted } from './report.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * SARIF 2.1.0 for code scanning: one run, one result per finding, rules listed in the driver.
 * Every result names its tool as a logical location (`tools/NAME`, kind `function`); when the
 * tools came from a file it also carries the file and the line and column of the offending value.
 */
export function sarifReport(report: LintReport, version: string): string {
  const { source } = report;
  const findings = sorted(report.findings);
  const ruleIds = [...new Set(findings.map((f) => f.rule))].sort();
  const rules = ruleIds.map((id) => ({
    id,
    name: id.replaceAll(/[/.-]/g, '_'),
    shortDescription: { text: ruleText(id) },
  }));
  const results = findings.map((f) => result(report, f, ruleIds.indexOf(f.rule)));
  return JSON.stringify({
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcp-trust lint', version, rules } },
        ...(source.file === undefined ? {} : { artifacts: [{ location: { uri: source.file } }] }),
        results,
      },
    ],
  });

  function result({ source: src }: LintReport, f: LintFinding, ruleIndex: number): object {
    const place = placeOf(src, f);
    const logical = {
      name: f.tool,
      fullyQualifiedName: `tools/${f.tool}`,
      kind: 'function',
    };
    const physical =
      src.file === undefined
        ? undefined
        : {
            artifactLocation: { uri: src.file, index: 0 },
            ...(place === undefined ? {} : { region: { startLine: place.line, startColumn: place.col } }),
          };
    return {
      ruleId: f.rule,
      ruleIndex,
      level: f.level,
      message: { text: `${f.tool}: ${f.message}` },
      locations: [
        { ...(physical === undefined ? {} : { physicalLocation: physical }), logicalLocations: [logical] },
      ],
      properties: { tool: f.tool, path: pathText(documentPath(src, f)) },
    };
  }
}

function ruleText(id: string): string {
  const [family, code] = id.split('/', 2) as [string, string | undefined];
  const what: Record<string, string> = {
    schema: 'annotations do not match the SEP-1913 JSON Schema',
    annotations: 'annotations a host cannot read as written',
    consistency: 'annotations that contradict each other',
    poisoning: 'instructions to the model or hidden text in the tool definition',
    suggest: 'trust metadata worth adding',
    definition: 'the tool definition itself',
  };
  return `${what[family] ?? family}: ${code ?? ''}`.trim();
}
