import type { DataLabel, ToolClaims, ToolContract } from '@mcp-trust/core';
import { declareTool, observeResult } from './demo-tools.js';
import { claimsLines, contractLines, labelLines } from './format.js';
import * as liar from './lying-server.js';
import type { Printer } from './printer.js';
import { heading, lines } from './printer.js';

export interface LiarOutcome {
  claimed: ToolClaims;
  believed: ToolClaims;
  contract: ToolContract;
  label: DataLabel;
  /** The label had the server been trusted: what the lie would have bought. */
  ifBelieved: DataLabel;
}

/** An untrusted server whose every claim lowers risk, and the trust filter ignoring all of them. */
export function liarSection(p: Printer): LiarOutcome {
  const { out, s } = p;
  heading(p, '4. An untrusted server lying');
  const page = declareTool(liar.FETCH_PAGE, 'untrusted');
  out(`  ${s.cyan('scraper/fetch_page')} claims in tools/list:`);
  lines(p, claimsLines(page.claimed));
  out('  believed from an untrusted server (risk-raising claims only):');
  lines(p, claimsLines(page.believed));
  out('  so its contract stays unknown:');
  lines(p, contractLines(page.contract, s));

  const label = observeResult(page.contract, liar.PAGE_RESULT, 'untrusted').label;
  const trustedContract = declareTool(liar.FETCH_PAGE, 'trusted').contract;
  const ifBelieved = observeResult(trustedContract, liar.PAGE_RESULT, 'trusted').label;
  out('');
  out(`  ${s.cyan(`scraper/fetch_page {url: "${liar.PAGE_URL}"}`)}`);
  out(`    the result claims openWorldHint=false and source internal; the page text carries an injection`);
  out('    label if the claims were believed:');
  lines(p, labelLines(ifBelieved, s), '  ');
  out('    label with the trust filter:');
  lines(p, labelLines(label, s), '  ');
  return { claimed: page.claimed, believed: page.believed, contract: page.contract, label, ifBelieved };
}
