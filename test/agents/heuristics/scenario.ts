/**
 * A small hand-built home for the heuristics' tests: four rooms, the living room in the middle.
 *
 *   kitchen (1) -- livingroom (2) -- bedroom (3)
 *                       |
 *                  bathroom (4)
 *
 * kitchen: counter 30 with a radio 31 (off), a mug 32 and a microwave 33 (closed, off) on it.
 * livingroom: tvstand 20 with the tv 21 (off); a coffee table 22; a sofa 23 with a book 24 on it.
 * bedroom: a desk 40 with a computer 41 (off).
 * bathroom: a counter 50 with a towel 51.
 * The character (5) starts where the test says. Properties come from hearth's catalog.
 */
import type { Agent, InstructionMeaning, StepFeedback, TaskBrief } from '../../../src/agents/agent.js';
import type { EpisodeWorld } from '../../../src/bench/environment.js';
import { requireCatalogClass } from '../../../src/sim/catalog/index.js';
import type { Condition } from '../../../src/sim/conditions.js';
import { EnvGraph } from '../../../src/sim/graph.js';
import type { Skill } from '../../../src/sim/skill.js';
import type { State } from '../../../src/sim/vocabulary.js';

export const ROOMS = { kitchen: 1, livingroom: 2, bedroom: 3, bathroom: 4 } as const;
export const IDS = {
  character: 5,
  tvstand: 20,
  tv: 21,
  coffeetable: 22,
  sofa: 23,
  book: 24,
  counter: 30,
  radio: 31,
  mug: 32,
  microwave: 33,
  desk: 40,
  computer: 41,
  bathroomcounter: 50,
  towel: 51,
} as const;

export function scenarioHome(start: keyof typeof ROOMS): EnvGraph {
  const g = new EnvGraph();
  for (const [name, id] of Object.entries(ROOMS)) g.addNode({ id, className: name, category: 'Rooms' });
  g.addNode({ id: IDS.character, className: 'character', category: 'Characters' });
  g.addEdge(IDS.character, 'INSIDE', ROOMS[start]);
  const passage = (id: number, a: number, b: number) => {
    g.addNode({ id, className: 'doorjamb', category: 'Doors' });
    g.addEdge(id, 'BETWEEN', a);
    g.addEdge(id, 'BETWEEN', b);
    g.addEdge(id, 'INSIDE', a);
  };
  passage(10, ROOMS.kitchen, ROOMS.livingroom);
  passage(11, ROOMS.livingroom, ROOMS.bedroom);
  passage(12, ROOMS.livingroom, ROOMS.bathroom);
  const thing = (id: number, className: string, room: number, states: State[] = [], on?: number) => {
    const entry = requireCatalogClass(className);
    g.addNode({ id, className, category: entry.category, properties: entry.properties, states });
    g.addEdge(id, 'INSIDE', room);
    if (on !== undefined) {
      g.addEdge(id, 'ON', on);
      g.addEdge(id, 'CLOSE', on);
      g.addEdge(on, 'CLOSE', id);
    }
  };
  thing(IDS.tvstand, 'tvstand', ROOMS.livingroom);
  thing(IDS.tv, 'tv', ROOMS.livingroom, ['OFF', 'PLUGGED_IN'], IDS.tvstand);
  thing(IDS.coffeetable, 'coffeetable', ROOMS.livingroom);
  thing(IDS.sofa, 'sofa', ROOMS.livingroom);
  thing(IDS.book, 'book', ROOMS.livingroom, ['CLOSED'], IDS.sofa);
  thing(IDS.counter, 'kitchencounter', ROOMS.kitchen);
  thing(IDS.radio, 'radio', ROOMS.kitchen, ['OFF', 'PLUGGED_IN'], IDS.counter);
  thing(IDS.mug, 'mug', ROOMS.kitchen, ['CLEAN'], IDS.counter);
  thing(IDS.microwave, 'microwave', ROOMS.kitchen, ['CLOSED', 'OFF', 'PLUGGED_IN'], IDS.counter);
  thing(IDS.desk, 'desk', ROOMS.bedroom);
  thing(IDS.computer, 'computer', ROOMS.bedroom, ['OFF', 'PLUGGED_IN'], IDS.desk);
  thing(IDS.bathroomcounter, 'bathroomcounter', ROOMS.bathroom);
  thing(IDS.towel, 'towel', ROOMS.bathroom, ['CLEAN'], IDS.bathroomcounter);
  return g;
}

export const meaning = (id: string, execution: Condition): InstructionMeaning => ({
  id,
  query: { kind: 'not', condition: execution },
  execution,
});

/** Drives an agent in a world by hand: `step()` runs one of its skills and tells it the outcome. */
export class Driver {
  t = 0;
  readonly taken: Skill[] = [];

  /** `instructions`: the meanings the agent is given, or a task brief (texts, for the text-reading agents). */
  constructor(
    readonly world: EpisodeWorld,
    readonly agent: Agent,
    instructions: InstructionMeaning[] | TaskBrief,
  ) {
    const task: TaskBrief = Array.isArray(instructions)
      ? { protocol: 'continual', instructions: [], meanings: instructions }
      : instructions;
    void agent.reset(task, world.feedback(0));
  }

  /** Runs n of the agent's skills; each must succeed. Returns the skills. */
  async steps(n: number): Promise<Skill[]> {
    const out: Skill[] = [];
    for (let i = 0; i < n; i++) {
      const skill = await this.agent.act();
      const outcome = this.world.step(skill);
      if (!outcome.success) throw new Error(`${JSON.stringify(skill)} failed: ${outcome.error}`);
      this.t++;
      out.push(skill);
      this.taken.push(skill);
      const feedback: StepFeedback = this.world.feedback(this.t, { skill, outcome });
      await this.agent.observe(feedback);
    }
    return out;
  }

  /** Moves the character by a skill the agent did not choose (to set a scene), telling the agent. */
  async force(skill: Skill): Promise<void> {
    const outcome = this.world.step(skill);
    if (!outcome.success) throw new Error(`${JSON.stringify(skill)} failed: ${outcome.error}`);
    this.t++;
    await this.agent.observe(this.world.feedback(this.t, { skill, outcome }));
  }
}

export const walk = (id: number): Skill => ({ action: 'walk', objects: [id] });
