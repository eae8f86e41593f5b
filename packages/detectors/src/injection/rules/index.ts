/** Every injection rule, in the order they run at a shared trigger. */
import { disguise } from '../obfuscation.js';
import type { Rule } from '../rule.js';
import { actionRequest, toolCall } from './actions.js';
import { addressing, foreignAddress, readerAddress } from './address.js';
import { boundary } from './boundary.js';
import { doNotTell, stealth, userUnaware } from './conceal.js';
import { exfilLink, exfilUrl } from './exfil-link.js';
import {
  approvalClaim,
  authority,
  authorityNear,
  grantClaim,
  impersonation,
  urgentFraming,
} from './framing.js';
import { hiddenHtml } from './hidden-html.js';
import { invisible } from './invisible.js';
import { outputControl } from './output.js';
import { override, overrideForeign } from './override.js';
import { newInstructions, persona } from './persona.js';
import { chatTokens, framingTags, roleLabels, userLabel } from './roles.js';
import { coercion, paramSmuggling, secretDemand, secretFile } from './secrets.js';
import { shadowing } from './shadowing.js';
import { abandonTask, beforeYou, modelOutput, sequencing, taskReference, todo } from './task.js';

export const RULES: readonly Rule[] = [
  override,
  overrideForeign,
  newInstructions,
  persona,
  chatTokens,
  boundary,
  roleLabels,
  userLabel,
  framingTags,
  urgentFraming,
  addressing,
  readerAddress,
  foreignAddress,
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
  modelOutput,
  actionRequest,
  toolCall,
  outputControl,
  doNotTell,
  stealth,
  userUnaware,
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
