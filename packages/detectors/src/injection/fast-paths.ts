/**
 * The switch for the rules' fast paths: the checks that rule an expression out before running it
 * (first characters of sticky matchers, last words before a position, the imperative and
 * destination readers). Always on; the tests turn it off to read the same texts the slow way and
 * compare the findings.
 */
export const fastPaths = { on: true };
