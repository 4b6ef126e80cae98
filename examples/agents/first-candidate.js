/**
 * The smallest module agent: it takes the first allowed skill. It is the built-in twin of
 * test/fixtures/agents/first_candidate.py, the Python program `npm run perf:agent-protocol` times against it (the two
 * take the same skills, so their episodes are the same and only the protocol's cost differs).
 *
 *   npx hearth run --agents ./examples/agents/first-candidate.js,random
 */
import { defineAgent } from 'hearth/agent';

class FirstCandidate {
  name = 'first-candidate';
  reset(_task, first) {
    this.feedback = first;
  }
  act() {
    return this.feedback.candidates[0];
  }
  observe(feedback) {
    this.feedback = feedback;
  }
}

export default defineAgent({
  name: 'first-candidate',
  description: 'takes the first allowed skill (the agent of npm run perf:agent-protocol)',
  privileges: [],
  needsLlm: false,
  protocols: ['continual', 'episodic'],
  create: () => new FirstCandidate(),
});
