/**
 * What the data families (`progprompt.ts`, `eai-family.ts`) share: where their data lies, loading it once per
 * thread with a clear error when it is missing, how a goal fact of a VirtualHome graph becomes a DANLI subgoal, and
 * the step limit derived from the gold program.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Predicate, SubgoalSpec } from '../../sim/subgoals.js';
import { InputError } from '../../util/errors.js';

/** The folder of a data set: $HEARTH_SHARED_DATA/<name>, else ../shared/data/<name> beside the package. */
export function sharedDataDir(name: string, env: Record<string, string | undefined> = process.env): string {
  const root = env.HEARTH_SHARED_DATA ?? fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
  return join(root, name);
}

/**
 * A family's tasks loaded once per data folder and thread: `probe` (a file under `dir`) must exist, else an
 * InputError says where the data is expected and what to set.
 */
export function loadOnce<T>(
  cache: Map<string, T>,
  dir: string,
  family: { readonly name: string; readonly probe: string; readonly origin: string; readonly source: string },
  load: (dir: string) => T,
): T {
  let value = cache.get(dir);
  if (value === undefined) {
    if (!existsSync(join(dir, family.probe))) {
      throw new InputError(
        `the ${family.name} family needs ${family.origin} at ${dir} (${family.source}; set HEARTH_SHARED_DATA to the ` +
          `folder that holds ${dir.split(/[\\/]/).pop()}/)`,
      );
    }
    value = load(dir);
    cache.set(dir, value);
  }
  return value;
}

/** Step limit: three times the gold program's length, at least 10 (ProgPrompt caps each subgoal at 10 steps). */
export const goldStepLimit = (programLength: number) => Math.max(10, 3 * programLength);

const STATE_PREDICATES: Readonly<Record<string, Predicate>> = {
  ON: 'isToggledOn',
  OFF: 'isToggledOff',
  OPEN: 'isOpen',
  CLOSED: 'isClosed',
  CLEAN: 'isClean',
  HEATED: 'isCooked',
};

/** One node of a goal fact: its class, and its id where the fact names one node (EAI's goals). */
export interface FactNode {
  readonly className: string;
  readonly id?: number;
}

const only = (node: FactNode) => (node.id === undefined ? {} : { ids: [node.id] });

/**
 * The subgoal of a relation fact `from RELATION to`, or the reason it has none: CLOSE and FACING say where the
 * character happened to stand, the character's other relations (INSIDE a room, ON a sofa) where it ends; a
 * character's HOLDS_RH|HOLDS_LH is isPickedUp (either hand), a thing ON|INSIDE a non-room isPlacedTo.
 */
export function relationSubgoal(
  from: FactNode,
  relation: string,
  to: FactNode,
  isRoom: (node: FactNode) => boolean,
): SubgoalSpec | { readonly dropped: string } {
  if (relation === 'CLOSE' || relation === 'FACING') return { dropped: 'proximity' };
  if (from.className === 'character' && relation.startsWith('HOLDS_')) {
    return { patient: [to.className], predicate: 'isPickedUp', ...only(to) };
  }
  if (from.className === 'character') return { dropped: 'where the character ends' };
  if ((relation === 'ON' || relation === 'INSIDE') && !isRoom(to)) {
    return {
      patient: [from.className],
      predicate: 'isPlacedTo',
      destination: [to.className],
      ...only(from),
      // A fact about named nodes (EAI's): on or in the named destination (see `SubgoalSpec.placeAs`).
      ...(to.id !== undefined && { destinationIds: [to.id], placeAs: 'ON_OR_INSIDE' as const }),
    };
  }
  return { dropped: 'no subgoal form' };
}

/** The subgoal of a state fact `node STATE` (toggled, open, closed, clean, heated), or the reason it has none. */
export function stateSubgoal(node: FactNode, state: string): SubgoalSpec | { readonly dropped: string } {
  const predicate = STATE_PREDICATES[state];
  if (!predicate) return { dropped: node.className === 'character' ? "the character's posture" : 'no subgoal form' };
  return { patient: [node.className], predicate, ...only(node) };
}

/**
 * Subgoals of goal facts, ordered states first, then placements, then what ends in hand (heat the chicken, then hold
 * it), and the facts dropped with their reason.
 */
export function orderSubgoals(
  facts: readonly { readonly label: string; readonly subgoal: SubgoalSpec | { readonly dropped: string } }[],
): { subgoals: SubgoalSpec[]; dropped: string[] } {
  const rank = (s: SubgoalSpec) => (s.predicate === 'isPlacedTo' ? 1 : s.predicate === 'isPickedUp' ? 2 : 0);
  const kept: SubgoalSpec[] = [];
  const dropped: string[] = [];
  for (const { label, subgoal } of facts) {
    if ('dropped' in subgoal) dropped.push(`${label} (${subgoal.dropped})`);
    else kept.push(subgoal);
  }
  // A stable sort keeps the facts' own order within a rank.
  const subgoals = kept.map((s, i) => [s, i] as const).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]);
  return { subgoals: subgoals.map(([s]) => s), dropped };
}
