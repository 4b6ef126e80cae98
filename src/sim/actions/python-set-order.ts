/**
 * The order in which CPython (3.7-3.12) iterates a `set` of small non-negative ints.
 *
 * The reference executor answers "which node does X lie on / in / near" with `get_nodes_from(...)[0]`, the first
 * element of a Python set of node ids. That order is not insertion order and not ascending order: it is the order
 * of the slots of the set's hash table, where an int `n` hashes to itself, goes to slot `n & mask` when free, and
 * otherwise probes the next slots (linear probing, then perturbation); the table grows (to 4x the used count) once
 * it is 60% full. With ids in the hundreds and a table of 8 slots, `{1000, 65}` iterates as 1000, 65.
 *
 * `pythonSetOrder(ids)` replays that: it inserts the ids, in the order given, into an emulated table and reads the
 * slots back. Insertion order only matters when two ids compete for a slot; the executor inserts in ascending id
 * order, so that a choice depends on the graph's content alone, never on the order its edges were added or rolled
 * back (the reference inserts in file order, then order of addition; see docs/simulator.md).
 */

const MIN_SIZE = 8;
const LINEAR_PROBES = 9;
const PERTURB_SHIFT = 5;

/** The ids (assumed non-negative integers below 2^31) in CPython set iteration order. */
export function pythonSetOrder(ids: Iterable<number>): number[] {
  let table: number[] = new Array(MIN_SIZE).fill(-1);
  let fill = 0;
  for (const id of ids) {
    if (!insert(table, id)) continue;
    fill++;
    const mask = table.length - 1;
    if (fill * 5 >= mask * 3) {
      const minUsed = fill > 50000 ? fill * 2 : fill * 4;
      let size = MIN_SIZE;
      while (size <= minUsed) size *= 2;
      const grown: number[] = new Array(size).fill(-1);
      for (const key of table) if (key >= 0) insert(grown, key);
      table = grown;
    }
  }
  return table.filter((key) => key >= 0);
}

/** Inserts `key` (its own hash) into an open-addressing table with no deleted slots; false if already present. */
function insert(table: number[], key: number): boolean {
  const mask = table.length - 1;
  let perturb = key;
  let i = key & mask;
  for (;;) {
    const probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
    for (let j = 0; j <= probes; j++) {
      const slot = table[i + j];
      if (slot === key) return false;
      if (slot < 0) {
        table[i + j] = key;
        return true;
      }
    }
    perturb = Math.floor(perturb / 2 ** PERTURB_SHIFT);
    i = (i * 5 + 1 + perturb) & mask;
  }
}

/**
 * The first id that passes `accept`, in the iteration order of a CPython set built from `ids` in ascending order.
 * Cheap for the common 0- or 1-id case.
 */
export function firstInPythonSetOrder(ids: ReadonlySet<number>, accept: (id: number) => boolean): number | undefined {
  if (ids.size <= 1) {
    for (const id of ids) if (accept(id)) return id;
    return undefined;
  }
  for (const id of pythonSetOrder([...ids].sort((a, b) => a - b))) if (accept(id)) return id;
  return undefined;
}
