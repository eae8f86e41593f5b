/** One benchmark and the baseline it is compared with: the same inputs, without the work under test. */
export interface BenchSpec {
  name: string;
  /** How many things one operation handles (tools in a list, results, labels), for ns per item. */
  itemsPerOp: number;
  run: (i: number) => unknown;
  baseline: { name: string; run: (i: number) => unknown };
}
