/** A HELPER object memory over a real home, moved by real skills (tests of the executor's parts). */
import { HelperView } from '../../../src/agents/helper/view.js';
import { homeGraph } from '../../../src/bench/continual/episode.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { applyPhysics, DerivedStates } from '../../../src/sim/derived-states.js';
import type { EnvGraph } from '../../../src/sim/graph.js';

export interface Rig {
  readonly graph: EnvGraph;
  readonly env: EpisodeWorld;
  readonly view: HelperView;
  /** Runs skills (action, ids...) and updates the view; throws on a failed one. */
  run(...skills: [string, ...number[]][]): void;
  /** The first node of a class in the home (optionally in a room). */
  id(className: string, room?: number): number;
}

/** The cottage, the robot in its kitchen (room 1). */
export function cottageRig(): Rig {
  const graph = homeGraph('cottage').clone();
  const env = new EpisodeWorld(graph);
  const view = new HelperView();
  const derived = new DerivedStates();
  let t = 0;
  view.update(env.feedback(t));
  const rig: Rig = {
    graph,
    env,
    view,
    run(...skills) {
      for (const [action, ...objects] of skills) {
        const skill = { action, objects };
        const outcome = env.step(skill);
        if (!outcome.success) throw new Error(`${action} ${objects.join(' ')}: ${outcome.error}`);
        applyPhysics(graph, derived, env.characterId);
        view.update(env.feedback(++t, { skill, outcome }));
      }
    },
    id(className, room) {
      const ids = [...graph.idsOfClass(className)].sort((a, b) => a - b);
      const found = ids.find((i) => room === undefined || graph.roomOf(i) === room);
      if (found === undefined) throw new Error(`no ${className}`);
      return found;
    },
  };
  rig.run(['walk', 1]);
  return rig;
}
