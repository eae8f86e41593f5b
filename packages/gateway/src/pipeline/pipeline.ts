import { errorText } from '../wire.js';
import { approveStep } from './approve-step.js';
import type { CallContext, Step } from './call-context.js';
import { decideStep } from './decide-step.js';
import { forwardStep } from './forward-step.js';
import { labelStep } from './label-step.js';
import { pinStep } from './pin-step.js';
import { recordStep } from './record-step.js';
import { releaseStep } from './release-step.js';
import { resolveStep } from './resolve-step.js';
import { respondStep } from './respond-step.js';
import { sessionStep } from './session-step.js';
import { toolError } from './tool-error.js';
import { withholdStep } from './withhold-step.js';

/** DESIGN's pipeline, in order. Each step is one file; see `Step` for how they short-circuit. */
export const PIPELINE: readonly Step[] = [
  sessionStep,
  pinStep,
  releaseStep,
  resolveStep,
  decideStep,
  approveStep,
  forwardStep,
  labelStep,
  withholdStep,
  recordStep,
  respondStep,
];

/**
 * Runs a call through the steps. A step that throws stops the call before anything further is
 * forwarded (fail closed): the host gets a tool error naming the step, and the record and
 * respond steps still run so nothing goes unrecorded.
 */
export async function runPipeline(ctx: CallContext, steps: readonly Step[] = PIPELINE): Promise<void> {
  for (const step of steps) {
    if (ctx.response !== undefined && step.always !== true) continue;
    try {
      // Most steps are synchronous: awaiting only a promise spares a call a dozen microtask hops.
      const pending = step.run(ctx);
      if (pending !== undefined) await pending;
    } catch (err) {
      ctx.core.log(`pipeline step ${step.name} failed on ${ctx.exposed.name}: ${errorText(err)}`);
      try {
        ctx.core.audit(ctx.sessionId, 'error', {
          call: ctx.callId,
          step: step.name,
          message: errorText(err),
        });
      } catch {
        // The store itself is failing; the answer below says so.
      }
      if (step.always === true) {
        // Nothing leaves unrecorded: a failed record replaces the answer with an error.
        if (ctx.response === undefined || step.name === 'record')
          ctx.response = toolError(
            `mcp-trust failed while ${step.name === 'record' ? 'recording' : 'answering'} ${ctx.exposed.name}: ${errorText(err)}`,
          );
        continue;
      }
      ctx.response = toolError(
        `mcp-trust could not ${step.name} the call to ${ctx.exposed.name} (${errorText(err)}); it was not ${step.name === 'forward' || step.name === 'label' || step.name === 'withhold' ? 'passed on' : 'made'}.`,
      );
    }
  }
}
