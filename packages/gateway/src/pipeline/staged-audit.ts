import type { CallContext } from './call-context.js';

/** Writes the call's staged decision record (see `CallContext.stagedAudit`), once. */
export function writeStagedAudit(ctx: CallContext): void {
  const record = ctx.stagedAudit;
  if (record === undefined) return;
  ctx.stagedAudit = undefined;
  ctx.core.audit(ctx.sessionId, 'decision', record);
}
