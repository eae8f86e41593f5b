/** Every suite's benign and attacked sessions, from the data file and the catalog overlays. */
import type { Overlay } from '../../packages/engine/src/index.js';
import type { AgentDojoData, SuiteName } from './data.js';
import { loadAgentDojo, SUITES } from './data.js';
import { loadSuiteOverlays } from './overlays.js';
import type { EvalSession } from './sessions.js';
import { attackedSessions, benignSessions } from './sessions.js';

export interface SuiteSessions {
  suite: SuiteName;
  benign: EvalSession[];
  attacked: EvalSession[];
}

export interface AllSessions {
  data: AgentDojoData;
  overlays: Record<SuiteName, Overlay>;
  suites: SuiteSessions[];
}

export function buildAllSessions(data = loadAgentDojo(), overlays = loadSuiteOverlays()): AllSessions {
  const suites = SUITES.map((suite) => ({
    suite,
    benign: benignSessions(data, suite),
    attacked: attackedSessions(data, suite, overlays[suite]),
  }));
  return { data, overlays, suites };
}
