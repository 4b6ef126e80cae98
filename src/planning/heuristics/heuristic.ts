/** What a search asks of a heuristic. */
export interface Heuristic {
  readonly name: string;
  /**
   * Estimated cost to the goal from `state`, or Infinity when the goal is unreachable from it (a dead end).
   * When `preferred` is given, heuristics that know preferred operators append their ids to it.
   */
  evaluate(state: Uint32Array, preferred?: number[]): number;
}
