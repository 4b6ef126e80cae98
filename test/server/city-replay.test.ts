import { describe, expect, it } from 'vitest';
import { runContinualEpisode } from '../../src/bench/continual/episode.js';
import { replayEpisode } from '../../src/server/viewer/replay.js';
import { loadHome } from '../../src/sim/scenes/index.js';

describe("the viewer's replay of a city episode", () => {
  it('replays the trace and shows the buildings down the street, not only those of the vehicle road', async () => {
    const spec = {
      agent: 'greedy-text',
      home: 'harbour',
      nonstationarity: 'medium' as const,
      instructions: 3,
      steps: 30,
      seed: 2,
      domain: 'city' as const,
    };
    const outcome = await runContinualEpisode(spec);
    const replay = replayEpisode('continual', spec, outcome.steps);
    expect(replay.frames).toHaveLength(31);
    const city = loadHome('harbour').graph;
    const elsewhere = replay.frames.some((frame) =>
      frame.visible.some((id) => city.node(id)?.category === 'Buildings' && city.roomOf(id) !== frame.room),
    );
    expect(elsewhere).toBe(true);
  });
});
