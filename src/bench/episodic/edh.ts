/**
 * Binding an Execution-from-Dialogue-History task (TEACh's EDH): the whole task is bound as usual, the Oracle carries
 * out the history's subgoals on the start state (as TEACh replays the recorded sessions before the one to predict),
 * and the episode starts from the Oracle's end state, derived states included (the toast it made stays cooked). The
 * agent's goal is the next session's subgoals, those not already met at that start (TEACh scores only the
 * conditions the session has to change); the dialogue covers both sessions.
 */
import { EpisodicOracleAgent } from '../../agents/heuristics/episodic-oracle.js';
import { applyPhysics, DerivedStates } from '../../sim/derived-states.js';
import type { EnvGraph } from '../../sim/graph.js';
import { VIRTUALHOME_SKILLS } from '../../sim/skill-sets.js';
import { subgoalDone } from '../../sim/subgoals.js';
import { InputError } from '../../util/errors.js';
import type { Rng } from '../../util/rng.js';
import { EpisodeWorld } from '../environment.js';
import { renderDialogue } from './dialogue.js';
import { type BoundTask, bindTask, type TaskDefinition } from './task.js';

/** Steps the Oracle may take to carry out the history. */
const HISTORY_STEPS = 200;

export function bindEdhTask(definition: TaskDefinition, home: EnvGraph, rng: Rng, homeName: string): BoundTask {
  const edh = definition.edh!;
  const full = bindTask(definition, home, rng, homeName);
  const start = full.start.clone();
  const derived = new DerivedStates();
  const world = { graph: start, derived };
  const history = edh.history.map((i) => full.subgoals[i]);
  const env = new EpisodeWorld(start, VIRTUALHOME_SKILLS);
  const oracle = new EpisodicOracleAgent({ seed: 0, skills: VIRTUALHOME_SKILLS, protocol: 'episodic', world });
  let feedback = env.feedback(0);
  oracle.reset(
    {
      protocol: 'episodic',
      instructions: [{ id: definition.id, text: definition.text }],
      goal: { subgoals: history.map((b) => b.spec), bound: history },
    },
    feedback,
  );
  const historyDone = () => history.every((b) => subgoalDone(world, b));
  for (let t = 0; t < HISTORY_STEPS && !historyDone(); t++) {
    const skill = oracle.act();
    const outcome = env.step(skill);
    if (outcome.success) applyPhysics(start, derived, env.characterId);
    feedback = env.feedback(t + 1, { skill, outcome });
    oracle.observe(feedback);
  }
  if (!historyDone()) {
    throw new InputError(`task ${definition.id} in home ${homeName}: the Oracle could not carry out the history`);
  }
  const goal = edh.goal.map((i) => full.subgoals[i]).filter((b) => !subgoalDone(world, b));
  if (goal.length === 0) throw new InputError(`task ${definition.id} in home ${homeName}: nothing is left to do`);
  const dialogue = definition.dialogue;
  const text = dialogue
    ? renderDialogue(dialogue.spec, world, full.subgoals, rng.fork('dialogue'), dialogue.session)
    : definition.text;
  return { definition, start, subgoals: goal, actionGoals: [], text, derived };
}
