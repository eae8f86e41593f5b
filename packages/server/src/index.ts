/** @mcp-trust/server: see docs/servers.md. */
export {};
