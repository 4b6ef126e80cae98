/** Shared fixtures of the LLM baseline tests: a home, a small demonstration library, an episode loop. */
import type { Agent, InstructionBrief, TaskBrief } from '../../../src/agents/agent.js';
import { DemonstrationLibrary } from '../../../src/agents/demonstrations/library.js';
import type { Demonstration } from '../../../src/agents/demonstrations/types.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { formatSkill, type Skill } from '../../../src/sim/skill.js';

/** The cottage: the agent starts in livingroom.2 (next to kitchen.1, bedroom.3, bathroom.4) with tv.73 (off). */
export function cottageWorld(): EpisodeWorld {
  return new EpisodeWorld(loadHome('cottage').graph);
}

export const TV_INSTRUCTION: InstructionBrief = { id: 'tv', text: 'If the TV is off, turn it on.' };
export const BOOK_INSTRUCTION: InstructionBrief = { id: 'book', text: 'Put a book on the sofa.' };

export function task(...instructions: InstructionBrief[]): TaskBrief {
  return { protocol: 'continual', instructions };
}

/** Three hand-written demonstrations (a TV, a fridge, a book). */
export const DEMOS: Demonstration[] = [
  {
    id: 'train/1',
    domain: 'virtualhome',
    home: 'gen:1001',
    instructions: ['If the TV is on, turn it off.'],
    startRoom: 'kitchen.10',
    visible: ['fridge.20', 'mug.31'],
    facts: ['tv.33 is on'],
    steps: [
      { action: 'walk', objects: ['livingroom.11'], room: 'kitchen.10' },
      { action: 'walk', objects: ['tv.33'], room: 'livingroom.11' },
      { action: 'switchoff', objects: ['tv.33'], room: 'livingroom.11' },
    ],
  },
  {
    id: 'train/2',
    domain: 'virtualhome',
    home: 'gen:1001',
    instructions: ['If the fridge is open, close it.'],
    startRoom: 'kitchen.10',
    visible: ['fridge.20', 'mug.31'],
    facts: ['fridge.20 is open'],
    steps: [
      { action: 'walk', objects: ['fridge.20'], room: 'kitchen.10' },
      { action: 'close', objects: ['fridge.20'], room: 'kitchen.10' },
    ],
  },
  {
    id: 'train/3',
    domain: 'virtualhome',
    home: 'gen:1002',
    instructions: ['Keep the book on the coffee table.'],
    startRoom: 'livingroom.4',
    visible: ['book.40', 'coffeetable.41', 'sofa.42'],
    facts: ['book.40 on sofa.42'],
    steps: [
      { action: 'walk', objects: ['book.40'], room: 'livingroom.4' },
      { action: 'grab', objects: ['book.40'], room: 'livingroom.4' },
      { action: 'walk', objects: ['coffeetable.41'], room: 'livingroom.4' },
      { action: 'put', objects: ['book.40', 'coffeetable.41'], room: 'livingroom.4' },
    ],
  },
];

export const demoLibrary = () => new DemonstrationLibrary(DEMOS);

/** The oracle affordance over a world: whether the skill would succeed now (tried, then undone). */
export function affordanceOf(world: EpisodeWorld): (skill: Skill) => boolean {
  return (skill) => world.graph.tryChanges(() => world.step(skill).success);
}

export interface EpisodeLog {
  readonly skills: string[];
  readonly successes: boolean[];
}

/** Runs `steps` steps of an agent in a world (no resident), returning the skills it took. */
export async function runSteps(
  agent: Agent,
  world: EpisodeWorld,
  brief: TaskBrief,
  steps: number,
): Promise<EpisodeLog> {
  const skills: string[] = [];
  const successes: boolean[] = [];
  let feedback = world.feedback(0);
  await agent.reset(brief, feedback);
  for (let t = 0; t < steps; t++) {
    const skill = await agent.act();
    const outcome = world.step(skill);
    skills.push(formatSkill(skill, (id) => world.graph.node(id)?.className));
    successes.push(outcome.success);
    feedback = world.feedback(t + 1, { skill, outcome });
    await agent.observe(feedback);
  }
  return { skills, successes };
}

export function nodeId(graph: EnvGraph, className: string): number {
  const id = graph.idsOfClass(className)[0];
  if (id === undefined) throw new Error(`no ${className}`);
  return id;
}
