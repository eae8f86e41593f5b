/** The public surface of @mcp-trust/catalog: overlays and the configuration file. */
export type { CatalogProblem } from './catalog-problem.js';
export { formatCatalogProblem, hasErrors } from './catalog-problem.js';
export type { SectionReader } from './config-sections.js';
export { SERVER_NAME } from './config-server.js';
export type {
  Config,
  GatewaySettings,
  HttpUpstream,
  PolicyConfig,
  ResolvedConfig,
  ResolvedServer,
  ServerConfig,
  StdioUpstream,
} from './config-types.js';
export {
  DEFAULT_GATEWAY,
  DEFAULT_MODE,
  DEFAULT_PACKS,
  DEFAULT_SHARE,
  DEFAULT_STORE,
  DEFAULT_TRUST,
} from './config-types.js';
export type { LoadOverlayOptions } from './load-overlay.js';
export { CATALOG_DIR, isOverlayPath, listCatalogOverlays, loadOverlay } from './load-overlay.js';
export type { ConfigParse, ParseConfigOptions } from './parse-config.js';
export { defaultConfig, loadConfig, parseConfig } from './parse-config.js';
export type { OverlayParse, ParseOverlayOptions } from './parse-overlay.js';
export { OVERLAY_NAME, parseOverlay } from './parse-overlay.js';
export type { ConfigResolution } from './resolve-config.js';
export { resolveConfig } from './resolve-config.js';
