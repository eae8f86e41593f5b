import { describe, expect, it } from 'vitest';
import { formatCatalogProblem, listCatalogOverlays, loadOverlay } from '../src/index.js';

/**
 * Every overlay in packages/catalog/overlays must load without a single error, whoever wrote it:
 * an overlay is the operator's trusted word, and CI is where a mistake in it is caught.
 */
const REFERENCE_SERVERS = ['everything', 'fetch', 'filesystem', 'github', 'memory', 'postgres', 'slack'];
const AGENTDOJO_SUITES = ['agentdojo/banking', 'agentdojo/slack', 'agentdojo/travel', 'agentdojo/workspace'];

describe('the catalog', () => {
  const names = listCatalogOverlays();

  it('lists its overlays by catalog path', () => {
    expect(names).toEqual(expect.arrayContaining([...REFERENCE_SERVERS, ...AGENTDOJO_SUITES]));
    expect(names.every((n) => !n.endsWith('.yaml') && !n.includes('\\'))).toBe(true);
  });

  it.each(names)('%s loads without errors', (name) => {
    const { overlay, problems } = loadOverlay(name);
    const errors = problems.filter((p) => p.severity === 'error').map(formatCatalogProblem);
    expect(errors, errors.join('\n')).toEqual([]);
    expect(overlay?.name).toBe(name);
  });
});

/**
 * The reference servers that are not installed here (test/e2e/catalog-tools.test.ts checks the
 * installed ones against the running servers): their tools as their published code lists them.
 * A tool dropped from or misspelt in the overlay would silently fall back to "unknown".
 */
describe('the overlays of reference servers not installed here', () => {
  const TOOLS: Record<string, string[]> = {
    // mcp-server-fetch (Python): its README's one tool.
    fetch: ['fetch'],
    // @modelcontextprotocol/server-postgres 0.6.2, dist/index.js.
    postgres: ['query'],
    // @modelcontextprotocol/server-slack 2025.4.25, dist/index.js.
    slack: [
      'slack_add_reaction',
      'slack_get_channel_history',
      'slack_get_thread_replies',
      'slack_get_user_profile',
      'slack_get_users',
      'slack_list_channels',
      'slack_post_message',
      'slack_reply_to_thread',
    ],
    // @modelcontextprotocol/server-github 2025.4.8, dist/index.js.
    github: [
      'add_issue_comment',
      'create_branch',
      'create_issue',
      'create_or_update_file',
      'create_pull_request',
      'create_pull_request_review',
      'create_repository',
      'fork_repository',
      'get_file_contents',
      'get_issue',
      'get_pull_request',
      'get_pull_request_comments',
      'get_pull_request_files',
      'get_pull_request_reviews',
      'get_pull_request_status',
      'list_commits',
      'list_issues',
      'list_pull_requests',
      'merge_pull_request',
      'push_files',
      'search_code',
      'search_issues',
      'search_repositories',
      'search_users',
      'update_issue',
      'update_pull_request_branch',
    ],
  };

  it.each(Object.entries(TOOLS))('%s declares exactly the tools of its server', (name, tools) => {
    expect(Object.keys(loadOverlay(name).overlay?.tools ?? {}).sort()).toEqual(tools);
  });
});

describe('loadOverlay', () => {
  it('tells an unknown catalog name from a path, and never throws', () => {
    expect(loadOverlay('no/such-overlay').problems[0]).toMatchObject({
      code: 'unknown-overlay',
      severity: 'error',
    });
    expect(loadOverlay('./missing.yaml', { baseDir: '/nonexistent' }).problems[0]).toMatchObject({
      code: 'unreadable',
      file: '/nonexistent/missing.yaml',
    });
    expect(loadOverlay('Bad Name!').problems[0]?.code).toBe('unknown-overlay');
  });
});
