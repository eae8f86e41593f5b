/** The public surface of @mcp-trust/gateway. Named exports only; anything not listed is internal. */
export type {
  ApprovalDecision,
  ApprovalStatus,
  BookApproval,
  CallApproval,
  CallApprovalData,
  CallApprovalRequest,
  PinApproval,
  PinApprovalData,
  PinApprovalRequest,
} from './approvals.js';
export {
  callHash,
  consumeCallApproval,
  decideApproval,
  listPending,
  PIN_SESSION,
  readApproval,
  requestCallApproval,
  requestPinApproval,
} from './approvals.js';
export { SESSION_META_KEY } from './downstream-server.js';
export type { GatewayOptions } from './gateway-core.js';
export { GatewayCore } from './gateway-core.js';
export type { HttpDownstream } from './http-downstream.js';
export { SESSION_HEADER } from './http-downstream.js';
export { openStore } from './open-store.js';
export type { RunningGateway, StartOptions } from './start-gateway.js';
export { startGateway } from './start-gateway.js';
export { toolDigest } from './tool-digest.js';
