/**
 * SemGro's skill critic ψ = ψ_LM ∘ ψ_VLM (paper 003, eq. 6-7), offline:
 *
 * - ψ_VLM, the detector: the objects and states of the observation (hearth's observation is exact: a perfect
 *   detector), optionally with noise: each thing missed with probability `miss`, each open/closed or on/off state
 *   read the other way with probability `state`, drawn per step from the episode's seed.
 * - ψ_LM, the judge: the skill's chain of level-1 skills simulated on a belief built from the detection alone (the
 *   detected nodes and the relations among them, never the true state), from the character's place; the first
 *   failure gives "not executable" and its reason. A belief of one room says nothing of the others: the simulation
 *   stops, executable, where the chain walks out of the room (the paper's single-step observation, its limitation i).
 *   A thing not in view while a closed container that may hold it is in view is reported as that container closed
 *   (`hiddenIn`).
 */
import { EnvGraph } from '../../sim/graph.js';
import type { Observation, ObservedNode } from '../../sim/observation.js';
import { OPPOSITE_STATE, type State } from '../../sim/vocabulary.js';
import { Rng } from '../../util/rng.js';
import { runChain } from './chain.js';
import { hiddenIn } from './failures.js';
import type { Detection, Detector, Judge, JudgeInput, RoleAnswer, Verdict } from './roles.js';

const NOT_NAMED = new Set(['Rooms', 'Walls', 'Floor', 'Floors', 'Ceiling', 'Windows', 'Doors', 'Characters']);
/** The states the detector reads (the paper's critic sees "microwave is CLOSED"). */
const READ_STATES: readonly State[] = ['OPEN', 'CLOSED', 'ON', 'OFF'];

/**
 * dn and ds of an observation: class names (sorted, once each), those of the things the character is close to or
 * holds, and "class is STATE" for open/closed and on/off.
 */
export function describeObservation(observation: Observation): { names: string[]; near: string[]; states: string[] } {
  const close = new Set<number>();
  for (const [from, relation, to] of observation.edges) {
    if (
      from === observation.characterId &&
      (relation === 'CLOSE' || relation === 'HOLDS_RH' || relation === 'HOLDS_LH')
    ) {
      close.add(to);
    }
  }
  const names = new Set<string>();
  const near = new Set<string>();
  const states = new Set<string>();
  for (const node of observation.nodes) {
    if (NOT_NAMED.has(node.category)) continue;
    names.add(node.className);
    if (close.has(node.id)) near.add(node.className);
    for (const state of node.states) if (READ_STATES.includes(state)) states.add(`${node.className} is ${state}`);
  }
  return { names: [...names].sort(), near: [...near].sort(), states: [...states].sort() };
}

export interface DetectorNoise {
  /** Probability that a thing is not detected. */
  readonly miss: number;
  /** Probability that an open/closed or on/off state is read the other way. */
  readonly state: number;
}

/** ψ_VLM: the observation as a perfect detector sees it, or with noise. */
export class ObservationDetector implements Detector {
  readonly implementation: string;

  constructor(
    private readonly seed: number,
    private readonly noise: DetectorNoise = { miss: 0, state: 0 },
  ) {
    const noisy = noise.miss > 0 || noise.state > 0;
    this.implementation = noisy
      ? `offline: the observation with noise (miss ${noise.miss}, state ${noise.state})`
      : 'offline: the observation (a perfect detector)';
  }

  detect(observation: Observation, t: number): Detection {
    const seen = this.noise.miss > 0 || this.noise.state > 0 ? this.perturb(observation, t) : observation;
    return { ...describeObservation(seen), observation: seen };
  }

  private perturb(observation: Observation, t: number): Observation {
    const rng = new Rng(this.seed).fork('semgro-detector').fork(t);
    const kept: ObservedNode[] = [];
    for (const node of observation.nodes) {
      const thing = !NOT_NAMED.has(node.category) && node.id !== observation.characterId;
      if (thing && rng.bool(this.noise.miss)) continue;
      const states = node.states.map((s) =>
        READ_STATES.includes(s) && rng.bool(this.noise.state) ? (OPPOSITE_STATE[s] ?? s) : s,
      );
      kept.push({ ...node, states: [...new Set(states)].sort() });
    }
    const ids = new Set(kept.map((n) => n.id));
    return { ...observation, nodes: kept, edges: observation.edges.filter(([a, , b]) => ids.has(a) && ids.has(b)) };
  }
}

/** A graph holding just what was detected: the nodes, their states and the relations among them. */
export function beliefOf(observation: Observation): EnvGraph {
  const graph = new EnvGraph();
  for (const node of observation.nodes) {
    graph.addNode({
      id: node.id,
      className: node.className,
      category: node.category,
      properties: node.properties,
      states: node.states,
    });
  }
  for (const [from, relation, to] of observation.edges) graph.addEdge(from, relation, to);
  return graph;
}

/** ψ_LM offline: the chain simulated on the belief (see the module comment). */
export class SimulationJudge implements Judge {
  readonly implementation = 'offline: the chain simulated on a belief built from the detection';

  async judge(input: JudgeInput): Promise<RoleAnswer<Verdict>> {
    const { observation } = input.detection;
    const belief = beliefOf(observation);
    const run = runChain(belief, observation.characterId, input.chain, {
      adjacent: input.adjacent,
      settled: new Set(input.settled),
      stopAtRoomExit: true,
    });
    const record = { role: 'judge', implementation: this.implementation } as const;
    if (run.ok) return { value: { executable: true }, record };
    const failure = hiddenIn(run.failed!.failure, observation) ?? run.failed!.failure;
    return { value: { executable: false, feedback: failure.text, failure }, record };
  }
}
