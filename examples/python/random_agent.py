"""A lower bound: a skill drawn among the allowed ones, with the episode's seed (so a run repeats exactly).

    npx hearth run --agents random,"exec:python3 examples/python/random_agent.py"
"""

import random

from hearth_agent import Agent, run


class RandomAgent(Agent):
    name = "random-py"
    description = "a skill drawn with the seed among the allowed ones (lower bound)"

    def reset(self, task):
        self.rng = random.Random(task.seed)

    def act(self, view):
        return self.rng.choice(view.candidates)


if __name__ == "__main__":
    run(RandomAgent())
