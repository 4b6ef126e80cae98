/**
 * Replays an episode's trace on its start state, without the agent: the step records say which skill was taken and
 * whether it worked, and the world runs it again (with the resident's recorded changes for the continual protocol,
 * and the seeded execution noise and derived states for the episodic one). The world is deterministic, so the replay
 * is the episode as it happened; a step whose outcome differs from the record (a trace edited by hand, or recorded by
 * another version of hearth) stops the replay with an InputError saying where.
 */

import { startContinualEpisode } from '../../bench/continual/episode.js';
import { type ContinualEvent, eventsOf } from '../../bench/continual/metrics.js';
import { EpisodeWorld } from '../../bench/environment.js';
import { bindEpisodeTask } from '../../bench/episodic/episode.js';
import { goalConditionResults } from '../../bench/episodic/goal.js';
import { type StepOutcome, stepOutcome } from '../../bench/episodic/metrics.js';
import { seededSlips, stepWithSlips } from '../../bench/episodic/noise.js';
import type { JsonObject } from '../../bench/json.js';
import { holds } from '../../sim/conditions.js';
import { applyPhysics, DerivedStates } from '../../sim/derived-states.js';
import { moveObject, type Place, setState } from '../../sim/dynamics/edits.js';
import type { ResidentChange } from '../../sim/dynamics/resident.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { Skill } from '../../sim/skill.js';
import { type SkillOutcome, VIRTUALHOME_SKILLS, walkAction } from '../../sim/skill-sets.js';
import type { State } from '../../sim/vocabulary.js';
import { InputError } from '../../util/errors.js';
import { type FloorPlan, floorPlan } from './floor-plan.js';
import { type Frame, FrameRecorder } from './frames.js';

/** A protocol's step record as the viewer reads it. */
export interface StepRecord {
  readonly t: number;
  readonly skill: string;
  readonly success: boolean;
  readonly errorKind?: string;
  readonly resident?: ResidentChange;
  readonly derived?: readonly string[];
}

/** Something that happened on the timeline: an instruction's event, or a goal condition being met. */
export interface TimelineEvent {
  readonly label: string;
  /** Frame it started at (an instruction's query became true; 0 for a goal condition). */
  readonly start: number;
  /** Frame it was completed at; null when it never was. */
  readonly end: number | null;
}

export interface ResidentNote {
  /** The frame the change is first seen in (the resident acts after the step that leads to it). */
  readonly frame: number;
  readonly instruction: string;
  readonly text: string;
}

export interface Replay {
  readonly plan: FloorPlan;
  readonly names: Readonly<Record<number, string>>;
  readonly frames: readonly Frame[];
  /** The texts the agent was given. */
  readonly instructions: ReadonlyArray<{ id: string; text: string }>;
  readonly events: readonly TimelineEvent[];
  readonly resident: readonly ResidentNote[];
}

/** One protocol's world during a replay: its graph, how a skill runs, what follows each step. */
interface ReplayWorld {
  readonly graph: EnvGraph;
  readonly world: EpisodeWorld;
  readonly walk: string;
  readonly instructions: ReadonlyArray<{ id: string; text: string }>;
  step(skill: Skill, t: number): SkillOutcome;
  /** After step `record` (frame `record.t + 1` is taken next). */
  after(record: StepRecord, outcome: SkillOutcome, skill: Skill): void;
  /** Measures the frame just taken. */
  measure(): void;
  events(frames: number): TimelineEvent[];
}

/** Replays the step records of an episode of `protocol` with spec `spec`. */
export function replayEpisode(protocol: string, spec: JsonObject, records: readonly StepRecord[]): Replay {
  const world = protocol === 'continual' ? continualWorld(spec) : protocol === 'episodic' ? episodicWorld(spec) : null;
  if (!world) throw new InputError(`the viewer does not know the protocol '${protocol}'`);
  const { graph } = world;
  const skills = world.world.skills;
  const recorder = new FrameRecorder(graph, world.world.characterId, world.walk, skills.inSight?.bind(skills));
  const frames = [recorder.capture()];
  const resident: ResidentNote[] = [];
  world.measure();
  records.forEach((record, i) => {
    if (record.t !== i) throw new InputError(`corrupt trace: step record ${i} says t = ${record.t}`);
    const skill = parseSkill(record.skill, i);
    const outcome = world.step(skill, record.t);
    if (outcome.success !== record.success) {
      const said = record.success ? 'worked' : 'failed';
      throw new InputError(
        `the trace does not replay: at step ${record.t}, ${record.skill} ${said} in the trace but ` +
          `${outcome.success ? 'works' : `fails (${outcome.error ?? 'refused'})`} now (another hearth version?)`,
      );
    }
    world.after(record, outcome, skill);
    if (record.resident) resident.push(residentNote(graph, record.resident, record.t + 1));
    frames.push(recorder.capture({ skill, success: outcome.success }));
    world.measure();
  });
  const names: Record<number, string> = {};
  for (const node of graph.nodes()) names[node.id] = node.className;
  return {
    plan: floorPlan(graph),
    names,
    frames,
    instructions: world.instructions,
    events: world.events(frames.length),
    resident,
  };
}

/** "[putin] <mug> (12) <microwave> (40)" back to a skill. */
export function parseSkill(text: string, step: number): Skill {
  const match = /^\[([^\]]+)\]((?:\s+<[^>]*>\s+\(\d+\))*)\s*$/.exec(text);
  if (!match) throw new InputError(`corrupt trace: step ${step}: '${text}' is not a skill`);
  const objects = [...match[2].matchAll(/\((\d+)\)/g)].map((m) => Number(m[1]));
  return { action: match[1], objects };
}

function continualWorld(spec: JsonObject): ReplayWorld {
  const start = startContinualEpisode({
    home: String(spec.home),
    instructions: Number(spec.instructions),
    seed: Number(spec.seed),
    ...(typeof spec.domain === 'string' && { domain: spec.domain as 'virtualhome' }),
    ...(typeof spec.style === 'string' && { style: spec.style as 'sentence' }),
    ...(typeof spec.referents === 'string' && { referents: spec.referents as 'one' }),
  });
  const { graph, world, instructions } = start;
  const query = instructions.map(() => [] as boolean[]);
  const execution = instructions.map(() => [] as boolean[]);
  return {
    graph,
    world,
    walk: walkAction(start.skills),
    instructions: start.briefs.map((brief) => ({ id: brief.id, text: brief.text })),
    step: (skill) => world.step(skill),
    after(record) {
      if (record.resident) applyResidentChange(graph, record.resident);
    },
    measure() {
      instructions.forEach((instruction, i) => {
        query[i].push(holds(instruction.query, graph));
        execution[i].push(holds(instruction.execution, graph));
      });
    },
    events() {
      // The protocol's own event rule (metrics.ts) over the replayed measurements.
      const events: ContinualEvent[] = instructions.flatMap((instruction, i) =>
        eventsOf({ instruction: instruction.id, query: query[i], execution: execution[i] }),
      );
      return events.map((e) => ({ label: e.instruction, start: e.start, end: e.end ?? null }));
    },
  };
}

function episodicWorld(spec: JsonObject): ReplayWorld {
  const seed = Number(spec.seed);
  const bound = bindEpisodeTask(String(spec.home), String(spec.task), seed);
  const graph = bound.start.clone();
  const derived = bound.derived?.clone() ?? new DerivedStates();
  const world = new EpisodeWorld(graph, VIRTUALHOME_SKILLS);
  const slips = seededSlips(typeof spec.slip === 'number' ? spec.slip : 0, seed);
  const outcomes: StepOutcome[] = [];
  const metAt = new Map<string, number | null>();
  let frame = 0;
  return {
    graph,
    world,
    walk: walkAction(VIRTUALHOME_SKILLS),
    instructions: [{ id: bound.definition.id, text: bound.text ?? bound.definition.text }],
    step: (skill, t) => stepWithSlips(world, skill, t, slips),
    after(_record, outcome, skill) {
      if (outcome.success) applyPhysics(graph, derived, world.characterId);
      // What the protocol's goal conditions read of a step (action goals count the actions taken).
      outcomes.push(stepOutcome(graph, skill, outcome));
    },
    measure() {
      for (const condition of goalConditionResults(bound, { graph, derived }, outcomes)) {
        const at = metAt.get(condition.label);
        if (condition.met && (at === undefined || at === null)) metAt.set(condition.label, frame);
        if (!condition.met) metAt.set(condition.label, null);
      }
      frame++;
    },
    events: () => [...metAt].map(([label, end]) => ({ label, start: 0, end })),
  };
}

function applyResidentChange(graph: EnvGraph, change: ResidentChange): void {
  if (change.kind === 'state') setState(graph, change.node, change.state as State);
  else moveObject(graph, change.object, change.place as Place);
}

function residentNote(graph: EnvGraph, change: ResidentChange, frame: number): ResidentNote {
  const name = (id: number) => `${graph.node(id)?.className ?? 'object'} (${id})`;
  const text =
    change.kind === 'state'
      ? `the resident made ${name(change.node)} ${change.state}`
      : `the resident moved ${name(change.object)} ${change.place.relation} ${name(change.place.host)}`;
  return { frame, instruction: change.instruction, text };
}
