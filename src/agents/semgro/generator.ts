/**
 * φ_G offline: what a language model does with the prompt of eq. 3, by imitation of the in-context examples. It sees
 * what the paper's generator sees (the instruction, the history, the examples and the candidates, never the
 * observation) and answers one of the candidates:
 *
 * 1. a finer instruction that starts with a remedy (`task-retriever.ts`) is served first: the candidate that is the
 *    remedy ("open kitchencabinet", or a skill that begins with it, "open kitchencabinet and put ..."); for
 *    "find X", a candidate that may reveal an X: opening a container the catalog keeps X in, then walking to a room
 *    the catalog places X in that the history did not just walk to; for "walk X" with no such candidate, the walk an
 *    example takes last before it grabs an X (to the host that holds it: "walk fridge, open fridge, grab bread"),
 *    unless the history made that walk since it last did something other than walk;
 * 2. otherwise the examples, most similar to the instruction first (what a model reading the prompt follows): the
 *    first step of an example's plan that the history has not carried out yet and that is a candidate still (a step
 *    set aside is passed over, the next one taken). A plan of level-1 skills is aligned with the skills done in
 *    order (walk, open, grab, walk, put: a walk done before the grab is not the walk after it), a walk to a room of
 *    the example's home not made passed over where the steps after it were done (the water fetched from the sink
 *    without the example's walk to the dining room: before, the alignment stopped at that walk and the generator
 *    started the example over, fetching the glass again); the plan of a higher
 *    skill is a conjunction of skills that each do one thing ("put bananas on kitchentable", "put peach on
 *    kitchentable"), and a part done at any time, in any order, is done (a model reading "put peach kitchentable" in
 *    the history does not put the peach there again because the example lists it second);
 * 3. otherwise the candidate most similar to the instruction that was not done yet.
 */
import { catalogClass } from '../../sim/catalog/index.js';
import { isRoomType } from '../../sim/catalog/types.js';
import { bySimilarity } from './encoding.js';
import type { Candidate, Example, GeneratorInput, RoleAnswer, SkillGenerator } from './roles.js';

/**
 * The first step of `plan` not carried out yet that is one of `open` (a step set aside is passed over); undefined when
 * there is none. `inOrder`: the steps `done` (skills carried out, in order) already contains in the plan's order are
 * carried out; otherwise every step `done` contains is.
 */
export function nextStep(
  plan: readonly string[],
  done: readonly string[],
  open: ReadonlySet<string>,
  inOrder = true,
): string | undefined {
  if (!inOrder) {
    const did = new Set(done);
    return plan.find((step) => !did.has(step) && open.has(step));
  }
  let at = 0;
  let next = 0;
  for (let i = 0; i < plan.length; i++) {
    const found = done.indexOf(plan[i], at);
    if (found >= 0) {
      at = found + 1;
      next = i + 1;
    } else if (!isRoomWalk(plan[i])) break;
  }
  return plan.slice(next).find((step) => open.has(step));
}

/**
 * A walk to a room of the example's home ("walk dining_room": where its things lay there). Such a walk that the
 * history did not make does not stop the alignment when the steps after it were carried out: they were reached
 * without it (the chain runner passes over such a walk the same way, `cursor.ts`).
 */
const isRoomWalk = (step: string): boolean => step.startsWith('walk ') && isRoomType(step.slice(5));

/**
 * An example of the instruction's own skill for another thing ("heat cereal in microwave" for "heat breadslice in
 * microwave": the same words but the thing's; or its last part, "open garbagecan and put cereal in garbagecan" for
 * "put egg in garbagecan") read as a model reads it, by analogy: its plan with the instruction's
 * thing for the example's. Without it, once the bread was in the closed microwave (out of view, so its own skill
 * ranked below the cereal's), the cereal's example was aligned from its first step, "walk cereal", and the agent
 * fetched cereal instead of switching the microwave on (ALFRED's heat-then-place tasks: 0 of 3 with the gold reading).
 * A level-2 example only (its plan's steps are level-1 skills over classes).
 */
function byAnalogy(example: Example, instruction: string): readonly string[] {
  if (example.level !== 2) return example.plan;
  const mine = instruction.trim().toLowerCase().split(/\s+/);
  const words = example.text.split(' ');
  // The example's skill itself, or its last part ("open garbagecan and put cereal in garbagecan").
  const theirs = words.slice(-mine.length);
  const before = words.length - mine.length;
  if (mine.length < 2 || before < 0 || (before > 0 && words[before - 1] !== 'and')) return example.plan;
  if (mine.some((word, i) => i !== 1 && word !== theirs[i]) || mine[1] === theirs[1]) return example.plan;
  const [from, to] = [theirs[1], mine[1]];
  return example.plan.map((step) =>
    step
      .split(' ')
      .map((word) => (word === from ? to : word))
      .join(' '),
  );
}

/** Where an X may be hidden or kept: containers first (the catalog's), then its rooms. */
function hidingPlaces(className: string): { containers: string[]; rooms: string[] } {
  const entry = catalogClass(className);
  return { containers: [...(entry?.inside ?? [])], rooms: [...(entry?.rooms ?? [])] };
}

export class ImitationGenerator implements SkillGenerator {
  readonly implementation = 'offline: imitates the in-context examples from where the history leaves off';

  async generate(input: GeneratorInput): Promise<RoleAnswer<Candidate | undefined>> {
    const answer = (value: Candidate | undefined, by: string): RoleAnswer<Candidate | undefined> => ({
      value,
      record: { role: 'generator', implementation: this.implementation, notes: { by } },
    });
    const pool = input.candidates;
    if (pool.length === 0) return answer(undefined, 'no candidate');
    const remedy = this.remedy(input);
    if (remedy) return answer(remedy, 'remedy');
    const open = new Set(pool.map((c) => c.text));
    for (const example of bySimilarity(input.instruction, input.examples)) {
      const plan = byAnalogy(example, input.instruction);
      const step = nextStep(plan, input.done, open, example.level <= 2);
      if (step !== undefined)
        return answer(
          pool.find((c) => c.text === step),
          `example: ${example.text}`,
        );
    }
    const fresh = pool.filter((c) => !input.done.includes(c.text));
    return answer(bySimilarity(input.instruction, fresh.length > 0 ? fresh : pool)[0], 'similarity');
  }

  /** Step 1 of the module comment. */
  private remedy(input: GeneratorInput): Candidate | undefined {
    const words = input.instruction.trim().toLowerCase().split(/\s+/);
    const pool = input.candidates;
    if (words[0] === 'find' && words[1] !== undefined) {
      const { containers, rooms } = hidingPlaces(words[1]);
      for (const container of containers) {
        const open = pool.find((c) => c.text === `open ${container}`);
        if (open) return open;
      }
      const lastRoomWalk = [...input.done].reverse().find((t) => t.startsWith('walk ') && rooms.includes(t.slice(5)));
      for (const room of rooms) {
        const walk = pool.find((c) => c.text === `walk ${room}` && c.text !== lastRoomWalk);
        if (walk) return walk;
      }
      return undefined;
    }
    const and = input.instruction.toLowerCase().indexOf(' and ');
    if (and < 0) return undefined;
    const clause = input.instruction.slice(0, and).trim().toLowerCase();
    if (clause === 'put down what you hold') return pool.find((c) => /^put(in)? /.test(c.text));
    const named = pool.find((c) => c.text === clause) ?? pool.find((c) => c.text.startsWith(`${clause} and `));
    if (named || !clause.startsWith('walk ')) return named;
    return this.approach(clause.slice(5), input);
  }

  /**
   * "walk X" with no such candidate (a chain walks to the thing's host, not to the thing, when the host holds it:
   * "walk fridge, open fridge, grab bread"): the walk an example takes last before it grabs an X, the examples most
   * like the instruction first, that is a candidate and not one of the walks the history made since its last step
   * other than a walk (such a walk did not bring the X close: it lies elsewhere now).
   */
  private approach(className: string, input: GeneratorInput): Candidate | undefined {
    const acted = input.done.findLastIndex((t) => !t.startsWith('walk '));
    const walked = new Set(input.done.slice(acted + 1));
    for (const example of bySimilarity(input.instruction, input.examples)) {
      const grab = example.plan.indexOf(`grab ${className}`);
      const walk = example.plan
        .slice(0, Math.max(grab, 0))
        .reverse()
        .find((step) => step.startsWith('walk '));
      const found = walk === undefined || walked.has(walk) ? undefined : input.candidates.find((c) => c.text === walk);
      if (found) return found;
    }
    return undefined;
  }
}
