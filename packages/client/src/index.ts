/** @mcp-trust/client: see docs/hosts.md. */
export {};
