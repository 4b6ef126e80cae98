import { expect, it } from 'vitest';
import { loadEaiInstances, replayEaiGold } from '../../../src/bench/episodic/eai.js';
import { describeWithShared, sharedPath } from '../../helpers/shared-data.js';

describeWithShared([['eai', 'instances.json']], 'EAI gold programs through the episodic goal checker', () => {
  it('scores SR 1.0 on every instance the reference executor runs through', { timeout: 300_000 }, () => {
    const dir = sharedPath('eai');
    const instances = loadEaiInstances(dir);
    expect(instances.length).toBeGreaterThan(100);
    const disagreements: string[] = [];
    let checked = 0;
    for (const instance of instances) {
      if (!instance.referenceExecutable) continue;
      const replay = replayEaiGold(dir, instance);
      checked++;
      if (!replay.executable || replay.score.sr !== 1) {
        disagreements.push(`${instance.id} (${instance.task}): ${JSON.stringify(replay.conditions)}`);
      }
      expect(replay.score.exec).toBe(1);
    }
    expect(checked).toBeGreaterThan(100);
    expect(disagreements).toEqual([]);
  });
});
