import fc from 'fast-check';

// Property tests explore new random inputs on every developer run, where a counterexample is
// wanted; CI runs them with a fixed seed, so that whether a submission lands does not depend on
// the draw. Set FC_SEED to replay a failure seen elsewhere.
const seed = process.env.FC_SEED ?? (process.env.CI ? '20261122' : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
