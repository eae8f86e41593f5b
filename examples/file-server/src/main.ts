#!/usr/bin/env node
/**
 * The example file server over stdio. Environment: FILE_SERVER_ROOT (directory to serve; default
 * the bundled data), FILE_SERVER_PERSIST=1 (write changes back to it), FILE_SERVER_ORIGIN
 * (attribution URI prefix; default mcp://file-server.example.com).
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { FileStore } from './file-store.js';
import { createFileServer, DEFAULT_DATA_DIR, fileServerOptionsFromEnv } from './server.js';

const options = fileServerOptionsFromEnv();
// One store for the process: the SDK may build more than one server instance per connection.
const store = new FileStore(options.root ?? DEFAULT_DATA_DIR, { persist: options.persist ?? false });
serveStdio(() => createFileServer({ ...options, store }), {
  onerror: (error) => console.error(`example-file-server: ${error.message}`),
});
