import { createEngine } from '../../packages/engine/src/index.js';
import { loadPolicy } from '../../packages/policy/src/index.js';
import { decisionCall, fillSession, SERVERS, TOOLS } from './workload.js';

const loaded = loadPolicy({ packs: ['default'] });
const engine = createEngine({ policy: loaded.policy!, servers: SERVERS });
for (const [server, tools] of Object.entries(TOOLS)) engine.registerTools(server, tools);
const s = engine.session('b');
fillSession(s, 1000);
const calls = Array.from({ length: 256 }, (_, i) => decisionCall(i));
for (let i = 0; i < 5000; i++) s.beforeCall(calls[i & 255]!);
const t = process.hrtime.bigint();
const N = 20000;
for (let i = 0; i < N; i++) s.beforeCall(calls[i & 255]!);
console.log('us/decision', Number(process.hrtime.bigint() - t) / N / 1000);
console.log(JSON.stringify(calls[3]).slice(0, 300));
