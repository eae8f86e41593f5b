import type { SecretScan } from './found.js';
import { addSecret } from './found.js';
import { isBase64Url } from './text.js';

const DATABRICKS = /dapi[a-fA-F0-9]{32}(?:-\d)?(?![A-Za-z0-9])/y;
const VAULT = /hv[sbr]\.[A-Za-z0-9_-]{24,400}(?![A-Za-z0-9_-])/y;
const DISCORD = /[MNO][A-Za-z0-9_-]{22,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])/y;
const VAULT_KINDS: Readonly<Record<string, string>> = { s: 'service', b: 'batch', r: 'recovery' };

/**
 * Tokens without a separator-ended prefix, recognised where a value starts (after `=`, `:`, a
 * quote, `Bearer `), whatever the key: Databricks `dapi…`, HashiCorp Vault `hvs.…`, Discord bot
 * tokens. Returns the token's end, or -1.
 */
export function matchValueShape(text: string, at: number, scan: SecretScan): number {
  const c = text.charCodeAt(at);
  const c1 = text.charCodeAt(at + 1);
  if (c === 100 /* d */) {
    if (c1 !== 97 || !text.startsWith('dapi', at) || isBase64Url(text.charCodeAt(at - 1))) return -1;
    DATABRICKS.lastIndex = at;
    if (!DATABRICKS.test(text)) return -1;
    addSecret(scan.found, 'databricks-token', at, DATABRICKS.lastIndex, 0.95, 'Databricks access token');
    return DATABRICKS.lastIndex;
  }
  if (c === 104 /* h */) {
    if (c1 !== 118 || text.charCodeAt(at + 3) !== 46 || isBase64Url(text.charCodeAt(at - 1))) return -1;
    VAULT.lastIndex = at;
    if (!VAULT.test(text)) return -1;
    const kind = VAULT_KINDS[text.charAt(at + 2)] ?? 'service';
    addSecret(scan.found, 'vault-token', at, VAULT.lastIndex, 0.95, `HashiCorp Vault ${kind} token`);
    return VAULT.lastIndex;
  }
  if (c >= 77 && c <= 79 /* M N O */) {
    if ((c1 !== 68 && c1 !== 84 && c1 !== 106 && c1 !== 122) || isBase64Url(text.charCodeAt(at - 1)))
      return -1;
    DISCORD.lastIndex = at;
    if (!DISCORD.test(text) || !isDigitsBase64(text, at, text.indexOf('.', at))) return -1;
    addSecret(scan.found, 'discord-bot-token', at, DISCORD.lastIndex, 0.9, 'Discord bot token');
    return DISCORD.lastIndex;
  }
  return -1;
}

/**
 * A Discord token starts with base64 of the bot's numeric id: three ASCII digits (0x30–0x39) encode
 * as `[MNO][DTjz]..`, which keeps other dotted values out.
 */
function isDigitsBase64(text: string, start: number, end: number): boolean {
  for (let i = start; i + 1 < end; i += 4) {
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    if (c < 77 || c > 79 || (d !== 68 && d !== 84 && d !== 106 && d !== 122)) return false;
  }
  return true;
}
