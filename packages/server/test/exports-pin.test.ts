import * as server from '@mcp-trust/server';
import { expect, it } from 'vitest';

/** The runtime surface of @mcp-trust/server; a name appearing or vanishing here is an API change. */
it('exports exactly these runtime names', () => {
  expect(Object.keys(server).sort()).toEqual([
    'SERVER_VERDICT_KEY',
    'TOOL_RESOLUTION_EXTENSION',
    'TrustError',
    'anonymousLocalUri',
    'callerAnnotationsOf',
    'checkAttribution',
    'confirmWithUser',
    'createCallGuard',
    'declareTools',
    'loadServerPolicy',
    'localUri',
    'mcpUri',
    'orgUrn',
    'readCallerAnnotations',
    'refusal',
    'registerToolResolution',
    'resolveTool',
    'scanContent',
    'textResult',
    'toolAnnotations',
    'trustResult',
  ]);
});
