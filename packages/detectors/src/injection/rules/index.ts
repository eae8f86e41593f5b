/** Every injection rule, in the order they run at a shared trigger. */
import { disguise } from '../obfuscation.js';
import type { Rule } from '../rule.js';
import { actionRequest } from './actions.js';
import { addressing } from './address.js';
import { approvalClaim, authority, authorityNear, grantClaim, impersonation } from './authority.js';
import { boundary } from './boundary.js';
import { concealForeign, doNotTell, noPermission, stealth, userUnaware } from './conceal.js';
import { exfilLink, exfilUrl } from './exfil-link.js';
import { forgedCall, forgedCallSyntax } from './forged-call.js';
import { urgentFraming } from './framing.js';
import { hiddenHtml } from './hidden-html.js';
import { newInstructions } from './instructions.js';
import { invisible } from './invisible.js';
import { outputControl } from './output.js';
import { override } from './override.js';
import { overrideForeign, taskForeign } from './override-foreign.js';
import { persona } from './persona.js';
import { foreignAddress, foreignReader, readerAddress } from './readers.js';
import { chatTokens, framingTags, jsonRole, roleLabels, userLabel } from './roles.js';
import { coercion, paramSmuggling, secretDemand, secretFile } from './secrets.js';
import { shadowing } from './shadowing.js';
import { abandonTask, beforeYou, modelOutput, sequencing, taskReference, todo, voidTask } from './task.js';
import { toolCall } from './tool-call.js';

export const RULES: readonly Rule[] = [
  override,
  overrideForeign,
  taskForeign,
  newInstructions,
  persona,
  chatTokens,
  boundary,
  roleLabels,
  userLabel,
  framingTags,
  jsonRole,
  urgentFraming,
  addressing,
  readerAddress,
  foreignAddress,
  foreignReader,
  authority,
  authorityNear,
  impersonation,
  grantClaim,
  approvalClaim,
  beforeYou,
  taskReference,
  todo,
  sequencing,
  abandonTask,
  voidTask,
  modelOutput,
  actionRequest,
  toolCall,
  forgedCall,
  forgedCallSyntax,
  outputControl,
  doNotTell,
  stealth,
  userUnaware,
  noPermission,
  concealForeign,
  invisible,
  hiddenHtml,
  exfilLink,
  exfilUrl,
  disguise,
  secretFile,
  paramSmuggling,
  secretDemand,
  coercion,
  shadowing,
];
