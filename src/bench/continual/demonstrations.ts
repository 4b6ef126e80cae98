/**
 * Expert demonstrations recorded by the Oracle on training homes (ExRAP paper 000, section 4: 100 trajectories over
 * 10 VirtualHome settings, used for in-context learning by the exploitation planner and the baselines). For each
 * demonstration an instruction of the domain's pool is drawn and bound in a training home, the home is disturbed
 * as the resident would (so that the instruction needs the agent), and the Oracle carries it out; its skills, the
 * rooms it took them in, what it saw at the start and the facts that made the instruction pending are kept as text.
 *
 * Everything follows from the seed, so `npm run demos` regenerates `prompts/demonstrations/<domain>.jsonl` byte for
 * byte. Evaluation must use other homes than the training ones (the header lists them).
 */
import type { InstructionBrief, StepFeedback } from '../../agents/agent.js';
import type { Demonstration, DemonstrationStep, DemonstrationsHeader } from '../../agents/demonstrations/types.js';
import { OracleAgent } from '../../agents/heuristics/oracle.js';
import { visibleThings } from '../../agents/prompting/situation.js';
import { entityName } from '../../memory/quadruple.js';
import { holds } from '../../sim/conditions.js';
import { skillSetFor } from '../../sim/domain-skills.js';
import { applyDisturbance, canDisturb } from '../../sim/dynamics/resident.js';
import type { EnvGraph } from '../../sim/graph.js';
import { Rng } from '../../util/rng.js';
import { EpisodeWorld } from '../environment.js';
import { briefsFor, homeGraph } from './episode.js';
import { type BoundInstruction, drawInstructions } from './instructions/bind.js';
import { instructionPool } from './instructions/tables.js';
import type { Domain } from './instructions/types.js';

export interface DemonstrationRecipe {
  readonly domain: Domain;
  /** Training homes (default: gen:1001 .. gen:1010, never used for evaluation by hearth's defaults). */
  readonly homes: readonly string[];
  /** Demonstrations per home (default 10: 100 over 10 homes, as the paper). */
  readonly perHome: number;
  /** Longest trajectory kept (default 40 skills). */
  readonly maxSteps: number;
  readonly seed: number;
}

export const DEFAULT_RECIPE: DemonstrationRecipe = Object.freeze({
  domain: 'virtualhome',
  homes: Object.freeze(Array.from({ length: 10 }, (_, i) => `gen:${1001 + i}`)),
  perHome: 10,
  maxSteps: 40,
  seed: 0,
});

/**
 * The city's recipe: ExRAP used 50 trajectories in CARLA, so 5 on each of 10 training cities (gen-city:1001 ..
 * gen-city:1010, never used for evaluation by hearth's defaults or its results).
 */
export const CITY_RECIPE: DemonstrationRecipe = Object.freeze({
  ...DEFAULT_RECIPE,
  domain: 'city',
  homes: Object.freeze(Array.from({ length: 10 }, (_, i) => `gen-city:${1001 + i}`)),
  perHome: 5,
});

/** The recipe `npm run demos` records for a domain. */
export function recipeFor(domain: Domain): DemonstrationRecipe {
  return domain === 'city' ? CITY_RECIPE : { ...DEFAULT_RECIPE, domain };
}

/** Draws per home before giving up on finding `perHome` distinct instructions the Oracle can carry out. */
const DRAWS_PER_HOME = 200;

const nameOf = (graph: EnvGraph, id: number) => entityName(graph.node(id)?.className ?? 'thing', id);

/** The facts that make an instruction pending, as text (`tv.33 is off`, `book.40 on sofa.42`). */
function pendingFacts(graph: EnvGraph, instruction: BoundInstruction): string[] {
  const d = instruction.disturbance;
  if (d.kind === 'state') {
    return graph.hasState(d.node, d.state) ? [`${nameOf(graph, d.node)} is ${d.state.toLowerCase()}`] : [];
  }
  const facts: string[] = [];
  for (const id of d.objects) {
    for (const relation of ['ON', 'INSIDE'] as const) {
      for (const host of graph.targets(id, relation)) {
        if (graph.isRoom(host) || host === d.goal.host) continue;
        facts.push(`${nameOf(graph, id)} ${relation === 'ON' ? 'on' : 'in'} ${nameOf(graph, host)}`);
      }
    }
  }
  return facts.sort();
}

/** One demonstration, or undefined when the Oracle does not finish within `maxSteps`. */
function recordOne(
  home: string,
  index: number,
  instruction: BoundInstruction,
  text: InstructionBrief,
  recipe: DemonstrationRecipe,
  rng: Rng,
): Demonstration | undefined {
  const graph = homeGraph(home).clone();
  if (holds(instruction.execution, graph)) {
    if (!canDisturb(graph, instruction.disturbance)) return undefined;
    applyDisturbance(graph, instruction.id, instruction.disturbance, rng.fork('disturb'));
  }
  if (holds(instruction.execution, graph)) return undefined;
  const skills = skillSetFor(recipe.domain, homeGraph(home));
  const world = new EpisodeWorld(graph, skills);
  const oracle = new OracleAgent({ seed: recipe.seed, skills, world: { graph } });
  let feedback: StepFeedback = world.feedback(0);
  const first = feedback.observation;
  const facts = pendingFacts(graph, instruction);
  oracle.reset(
    {
      protocol: 'continual',
      instructions: [text],
      meanings: [{ id: instruction.id, query: instruction.query, execution: instruction.execution }],
    },
    feedback,
  );
  const steps: DemonstrationStep[] = [];
  for (let t = 0; t < recipe.maxSteps && !holds(instruction.execution, graph); t++) {
    const room = nameOf(graph, feedback.observation.roomId);
    const skill = oracle.act();
    const outcome = world.step(skill);
    if (!outcome.success) return undefined; // the Oracle plans on the true state: a failure means no clean trajectory
    steps.push({ action: skill.action, objects: skill.objects.map((id) => nameOf(graph, id)), room });
    feedback = world.feedback(t + 1, { skill, outcome });
    oracle.observe(feedback);
  }
  if (!holds(instruction.execution, graph) || steps.length === 0) return undefined;
  return {
    id: `${home}/${index}`,
    domain: recipe.domain,
    home,
    instructions: [text.text],
    startRoom: nameOf(graph, first.roomId),
    visible: visibleThings(first)
      .map((id) => nameOf(graph, id))
      .sort(),
    facts,
    steps,
  };
}

/** The demonstrations of a recipe, home by home, with the file header. */
export function recordDemonstrations(recipe: DemonstrationRecipe = DEFAULT_RECIPE): {
  header: DemonstrationsHeader;
  demonstrations: Demonstration[];
} {
  const pool = instructionPool(recipe.domain);
  const demonstrations: Demonstration[] = [];
  for (const home of recipe.homes) {
    const rng = new Rng(recipe.seed).fork(`demonstrations:${home}`);
    const taken = new Set<string>();
    let kept = 0;
    for (let draw = 0; draw < DRAWS_PER_HOME && kept < recipe.perHome; draw++) {
      const drawRng = rng.fork(`draw:${draw}`);
      const [instruction] = drawInstructions(pool, homeGraph(home), 1, drawRng, home);
      if (taken.has(instruction.def.id)) continue;
      const [text] = briefsFor([instruction], 'sentence', homeGraph(home));
      const demo = recordOne(home, kept + 1, instruction, text, recipe, drawRng);
      if (!demo) continue;
      taken.add(instruction.def.id);
      demonstrations.push(demo);
      kept++;
    }
  }
  const header: DemonstrationsHeader = {
    format: 'hearth-demonstrations',
    version: 1,
    domain: recipe.domain,
    homes: [...recipe.homes],
    count: demonstrations.length,
    generator: `npm run demos (Oracle, ${recipe.perHome} per home, at most ${recipe.maxSteps} steps, seed ${recipe.seed})`,
  };
  return { header, demonstrations };
}
