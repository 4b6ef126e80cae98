/**
 * C offline: the symbolic fold (`fold.ts`) over the whole history, recomputed from step 0 at every call, rendered as
 * LLM-State's state: for each key object its attributes, and the retrospective summary.
 *
 * Attributes (the vocabulary the offline policy reads back, `attributes.ts`): where it is (`in_hand`,
 * `in_<host>`, `on_<host>`), the states known by evidence (`open`, `closed`, `on`, `off`, `clean`, `dirty`), the
 * derived ones (`cooked`, `filled_with_water`, `filled_with_coffee`, `watered`), invented ones (`cannot_pickup`) and,
 * for rooms, `robot_inside`. A state never evidenced is left out: the object's entry says nothing about it (the
 * paper's `lightswitch2: []`).
 *
 * The summary narrates the history, one sentence per run of successes and per failure with the model's reason, and
 * states every diagnosis ("open(cabinet1) failed twice with nothing known to stop it: cabinet1 must already be
 * open"). Its notes are the attributes its sentences state: the direct effects of the commands that worked and the
 * diagnosed states and invented attributes, not the derived states (a summary says the bread went into the toaster,
 * the object entries say it is cooked).
 */
import { DERIVED_STATES } from '../../sim/derived-states.js';
import type { Command } from '../primitives/commands.js';
import type { PaperNames } from '../primitives/names.js';
import type { HistoryItem } from '../primitives/runner.js';
import { type FoldEvent, type FoldResult, HistoryFold } from './fold.js';
import type { EstimatorInput, LlmState, RoleAnswer, StateEstimator, StateSummary } from './roles.js';

const DERIVED_ATTRIBUTE: Readonly<Record<(typeof DERIVED_STATES)[number], string>> = {
  cooked: 'cooked',
  filledWithWater: 'filled_with_water',
  filledWithCoffee: 'filled_with_coffee',
  watered: 'watered',
  sliced: 'sliced',
  heated: 'heated',
  cooled: 'cooled',
  boiled: 'boiled',
};

export class SymbolicFoldEstimator implements StateEstimator {
  readonly implementation = 'offline: symbolic fold over the history (simulator rules, failure diagnosis)';

  async estimate(input: EstimatorInput): Promise<RoleAnswer<LlmState>> {
    return this.estimateSync(input);
  }

  estimateSync(input: EstimatorInput): RoleAnswer<LlmState> {
    const { listing, names } = input.observation;
    const keyIds = input.keys.map((key) => names.resolve(key)).map((m) => (m?.by === 'name' ? m.id : undefined));
    const fold = HistoryFold.run(
      listing,
      input.history,
      keyIds.filter((id): id is number => id !== undefined),
      { diagnose: input.parts.summary },
    );
    const objects = input.parts.objects
      ? objectEntries(input.keys, keyIds, fold, names, listing.currentRoom)
      : undefined;
    const summary = input.parts.summary ? summarize(fold.events, names) : undefined;
    const counts = { diagnosed: 0, invented: 0, unexplained: 0, explained: 0, repaired: 0 };
    for (const event of fold.events) if (event.outcome in counts) counts[event.outcome as keyof typeof counts]++;
    return {
      value: { ...(objects && { objects }), ...(summary && { summary }) },
      record: { role: 'estimator', implementation: 'offline', notes: counts },
    };
  }
}

function objectEntries(
  keys: readonly string[],
  ids: readonly (number | undefined)[],
  fold: FoldResult,
  names: PaperNames,
  currentRoom: number,
): Map<string, string[]> {
  const { graph, derived, known, invented } = fold;
  const entries = new Map<string, string[]>();
  keys.forEach((key, i) => {
    const id = ids[i];
    const attributes: string[] = [];
    if (id !== undefined && graph.has(id)) {
      if (graph.isRoom(id)) {
        if (id === currentRoom) attributes.push('robot_inside');
      } else {
        const character = graph.characterId();
        if (graph.hasEdge(character, 'HOLDS_RH', id) || graph.hasEdge(character, 'HOLDS_LH', id)) {
          attributes.push('in_hand');
        } else {
          for (const host of graph.targets(id, 'ON'))
            if (!graph.isRoom(host)) attributes.push(`on_${names.name(host)}`);
          for (const host of graph.targets(id, 'INSIDE')) {
            if (!graph.isRoom(host)) attributes.push(`in_${names.name(host)}`);
          }
        }
        for (const state of known.get(id)?.values() ?? []) attributes.push(state.value.toLowerCase());
        for (const state of DERIVED_STATES) {
          // cooked food is heated too: the attribute says it once
          if (state === 'heated' && derived.has(id, 'cooked')) continue;
          if (derived.has(id, state)) attributes.push(DERIVED_ATTRIBUTE[state]);
        }
        for (const attribute of invented.get(id) ?? []) attributes.push(attribute);
      }
    }
    entries.set(key, attributes);
  });
  return entries;
}

// ---- the summary -----------------------------------------------------------------------------------------------------

const DONE: Readonly<Record<Command['verb'], string>> = {
  move: 'moved to {0}',
  pickup: 'picked up {0}',
  placein: 'put {0} in {1}',
  placeon: 'put {0} on {1}',
  open: 'opened {0}',
  close: 'closed {0}',
  switchon: 'switched on {0}',
  switchoff: 'switched off {0}',
  wait: 'waited',
};
const TRIED: Readonly<Record<Command['verb'], string>> = {
  move: 'move to {0}',
  pickup: 'pick up {0}',
  placein: 'put {0} in {1}',
  placeon: 'put {0} on {1}',
  open: 'open {0}',
  close: 'close {0}',
  switchon: 'switch on {0}',
  switchoff: 'switch off {0}',
  wait: 'wait',
};
const phrase = (table: typeof DONE, command: Command) =>
  table[command.verb].replace(/\{(\d)\}/g, (_, i: string) => command.args[Number(i)] ?? '');

/** The attribute a successful command states directly (what the summary's sentence says it did). */
function directEffect(item: HistoryItem): { object: string; attribute: string } | undefined {
  const [a, b] = item.command.args;
  switch (item.command.verb) {
    case 'pickup':
      return { object: a, attribute: 'in_hand' };
    case 'placein':
      return { object: a, attribute: `in_${b}` };
    case 'placeon':
      return { object: a, attribute: `on_${b}` };
    case 'open':
      return { object: a, attribute: 'open' };
    case 'close':
      return { object: a, attribute: 'closed' };
    case 'switchon':
      return { object: a, attribute: 'on' };
    case 'switchoff':
      return { object: a, attribute: 'off' };
    default:
      return undefined;
  }
}

function summarize(events: readonly FoldEvent[], names: PaperNames): StateSummary {
  const sentences: string[] = [];
  const notes: { object: string; attribute: string }[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 0) sentences.push(`The robot ${joinPhrases(run)}.`);
    run = [];
  };
  for (const event of events) {
    const { item } = event;
    if (item.success) {
      run.push(phrase(DONE, item.command));
      const effect = directEffect(item);
      if (effect) notes.push(effect);
      continue;
    }
    flush();
    const tried = phrase(TRIED, item.command);
    switch (event.outcome) {
      case 'explained':
        sentences.push(`It tried to ${tried} but failed: ${event.reason}.`);
        break;
      case 'diagnosed':
      case 'invented': {
        const { id, attribute } = event.concluded!;
        const conclusion =
          event.outcome === 'diagnosed'
            ? `${names.name(id)} must already be ${attribute}`
            : `${names.name(id)} probably cannot be used that way (${attribute})`;
        sentences.push(`It tried to ${tried} but failed again; it ${event.reason}, so ${conclusion}.`);
        notes.push({ object: names.name(id), attribute });
        break;
      }
      default:
        sentences.push(`It tried to ${tried} but failed, for no known reason (it may simply not have worked).`);
    }
  }
  flush();
  return { text: sentences.length > 0 ? sentences.join(' ') : 'The robot has not acted yet.', notes };
}

function joinPhrases(phrases: readonly string[]): string {
  if (phrases.length === 1) return phrases[0];
  return `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;
}
