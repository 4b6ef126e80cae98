/**
 * A subgoal as one line of text, for people and files (HELPER's `# goal:` comments, dialogue task files):
 *
 *   [COUNT] PATIENT[(QUALIFIER,...)] PREDICATE [DESTINATION[(QUALIFIER,...)]]
 *
 *   mug isClean
 *   mug(isClean) isFilledWithCoffee
 *   2 breadslice(isCooked) isPlacedTo plate(isClean)
 *   all remotecontrol isPlacedTo sofa
 *
 * COUNT is a number or `all`; classes are catalog names or aliases (several: `waterglass|mug`), `*` any thing.
 */
import { catalogClass } from './catalog/index.js';
import { DESTINATION_PREDICATES, PREDICATES, type Predicate, type SubgoalSpec } from './subgoals.js';

const PREDICATE_BY_LOWER = new Map(PREDICATES.map((p) => [p.toLowerCase(), p]));

function qualified(classes: readonly string[], qualifiers: readonly Predicate[] | undefined): string {
  return `${classes.join('|')}${qualifiers?.length ? `(${qualifiers.join(',')})` : ''}`;
}

/** The line of a subgoal. */
export function formatGoal(spec: SubgoalSpec): string {
  const count = spec.count === undefined || spec.count === 1 ? '' : `${spec.count} `;
  const destination = spec.destination ? ` ${qualified(spec.destination, spec.destinationQualifiers)}` : '';
  return `${count}${qualified(spec.patient, spec.qualifiers)} ${spec.predicate}${destination}`;
}

/** A class with its qualifiers, `plate(isClean)`, or the reason it is refused. */
function parseQualified(text: string): { classes: string[]; qualifiers: Predicate[] } | string {
  const match = /^([a-z0-9_|*]+)(?:\(([a-zA-Z,\s]*)\))?$/i.exec(text);
  if (!match) return `'${text}' is not CLASS or CLASS(QUALIFIER,...)`;
  const classes: string[] = [];
  for (const written of match[1].split('|')) {
    const name = written === '*' ? '*' : catalogClass(written.toLowerCase())?.name;
    if (!name) return `unknown class '${written}'`;
    classes.push(name);
  }
  const qualifiers: Predicate[] = [];
  for (const written of (match[2] ?? '').split(',').map((q) => q.trim())) {
    if (written === '') continue;
    const predicate = PREDICATE_BY_LOWER.get(written.toLowerCase());
    if (!predicate) return `unknown qualifier '${written}'`;
    qualifiers.push(predicate);
  }
  return { classes, qualifiers };
}

/** Reads a subgoal's line, or says why it cannot. */
export function parseGoal(text: string): SubgoalSpec | string {
  const words = text.trim().split(/\s+/);
  let count: number | 'all' | undefined;
  if (words[0] === 'all') count = 'all';
  else if (/^\d+$/.test(words[0])) count = Number(words[0]);
  if (count !== undefined) words.shift();
  if (words.length < 2 || words.length > 3) return `expected [COUNT] PATIENT PREDICATE [DESTINATION], got '${text}'`;
  const predicate = PREDICATE_BY_LOWER.get(words[1].toLowerCase());
  if (!predicate) return `unknown predicate '${words[1]}'`;
  const patient = parseQualified(words[0]);
  if (typeof patient === 'string') return patient;
  const wantsDestination = DESTINATION_PREDICATES.includes(predicate);
  if (wantsDestination !== (words.length === 3)) {
    return wantsDestination ? `${predicate} needs a destination` : `${predicate} takes no destination`;
  }
  const spec: SubgoalSpec = {
    patient: patient.classes,
    predicate,
    ...(patient.qualifiers.length > 0 && { qualifiers: patient.qualifiers }),
    ...(count !== undefined && count !== 1 && { count }),
  };
  if (words.length === 2) return spec;
  const destination = parseQualified(words[2]);
  if (typeof destination === 'string') return destination;
  return {
    ...spec,
    destination: destination.classes,
    ...(destination.qualifiers.length > 0 && { destinationQualifiers: destination.qualifiers }),
  };
}
