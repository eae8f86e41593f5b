#!/usr/bin/env node
/**
 * The example mail server over stdio. Environment: MAIL_INTERNAL_DOMAIN (default example.com),
 * MAIL_OUTBOX_FILE (append every sent message there as a JSON line), MAIL_ORIGIN (attribution URI
 * prefix; default mcp://mail-server.<domain>).
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createMailbox, createMailServer, mailServerOptionsFromEnv } from './server.js';

const options = mailServerOptionsFromEnv();
// One mailbox for the process: the SDK may build more than one server instance per connection.
const mailbox = createMailbox(options);
serveStdio(() => createMailServer({ ...options, mailbox }), {
  onerror: (error) => console.error(`example-mail-server: ${error.message}`),
});
