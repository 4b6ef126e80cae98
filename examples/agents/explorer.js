/**
 * A complete module agent (docs/agent-protocol.md, "A module agent"): it explores the home and tries what the texts
 * name. It visits the room it has seen longest ago; in each room it walks to the things whose class a text names
 * ("the stove", "a coffee table") and tries the skills the world allows on them (switch on or off, open, close, grab,
 * and put what it holds on or in them), in an order drawn with the episode's seed, each again only after 20 steps
 * (the continual protocol's resident undoes things). In an episodic task it says it is done once it has seen every
 * room twice with nothing left to try.
 *
 * It uses only what every agent is given (the texts and its observations): no privilege. Run it beside hearth's
 * agents, on either protocol, in threads or through the queue:
 *
 *   npx hearth run --agents ./examples/agents/explorer.js,greedy-text,random --seeds 5
 *   npx hearth run --protocol episodic --agents ./examples/agents/explorer.js,danli --families llm-state-simple
 */
import { DONE, defineAgent, Rng } from 'hearth/agent';

/** Words of a text, and their joins (`coffee table` -> `coffeetable`), singular: the class names a text may mean. */
function namedClasses(texts) {
  const names = new Set();
  for (const text of texts) {
    const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= 3 && i + n <= words.length; n++) {
        const joined = words.slice(i, i + n).join('');
        names.add(joined);
        if (joined.endsWith('s')) names.add(joined.slice(0, -1));
      }
    }
  }
  return names;
}

class Explorer {
  name = 'explorer';

  /** @param {import('hearth/agent').AgentContext} context */
  constructor(context) {
    this.rng = new Rng(context.seed).fork('agent:explorer');
    this.episodic = context.protocol === 'episodic';
  }

  /**
   * @param {import('hearth/agent').TaskBrief} task
   * @param {import('hearth/agent').StepFeedback} first
   */
  reset(task, first) {
    this.named = namedClasses(task.instructions.map((instruction) => instruction.text));
    this.tried = new Map(); // skill tried, as `action objects` -> the step it was tried at
    this.visits = new Map(); // room id -> how many times it was entered
    this.lastSeen = new Map(); // room id -> step it was last in
    this.observe(first);
  }

  /** @param {import('hearth/agent').StepFeedback} feedback */
  observe(feedback) {
    this.feedback = feedback;
    const room = feedback.observation.roomId;
    if (this.lastSeen.get(room) !== feedback.t - 1) this.visits.set(room, (this.visits.get(room) ?? 0) + 1);
    this.lastSeen.set(room, feedback.t);
  }

  act() {
    const { observation, candidates, t } = this.feedback;
    const me = observation.characterId;
    const near = new Set(
      observation.edges.filter(([from, relation]) => from === me && relation === 'CLOSE').map((e) => e[2]),
    );
    const named = new Set(observation.nodes.filter((node) => this.named.has(node.className)).map((node) => node.id));
    const due = (skill) => t - (this.tried.get(`${skill.action} ${skill.objects}`) ?? -99) > 20;
    // Skills on a named thing, not tried lately, in an order drawn with the seed; those on things the agent is close
    // to first, since acting on a thing needs being close to it (else it walks there first).
    const untried = this.rng.shuffle(
      candidates.filter((skill) => skill.action !== 'walk' && skill.objects.some((id) => named.has(id)) && due(skill)),
    );
    const here = untried.find((skill) => skill.objects.every((id) => near.has(id) || !named.has(id)));
    const choice = here ?? untried.map((skill) => ({ action: 'walk', objects: [skill.objects.at(-1)] })).find(due);
    if (choice) {
      this.tried.set(`${choice.action} ${choice.objects}`, t);
      return choice;
    }
    const rooms = observation.nodes.filter((node) => node.category === 'Rooms').map((node) => node.id);
    if (this.episodic && rooms.every((room) => (this.visits.get(room) ?? 0) >= 2)) return DONE;
    // The adjacent room seen longest ago (never: first), ties by id.
    const moves = candidates.filter((skill) => skill.action === 'walk' && rooms.includes(skill.objects[0]));
    moves.sort((a, b) => (this.lastSeen.get(a.objects[0]) ?? -1) - (this.lastSeen.get(b.objects[0]) ?? -1));
    return moves[0] ?? candidates[t % candidates.length];
  }
}

export default defineAgent({
  name: 'explorer',
  description: 'explores the home, trying once each skill on the things the texts name (an example module agent)',
  privileges: [],
  needsLlm: false,
  protocols: ['continual', 'episodic'],
  create: (context) => new Explorer(context),
});
