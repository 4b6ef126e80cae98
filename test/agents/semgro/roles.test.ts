/**
 * SemGro's offline roles on a database learnt in the cottage (apple 28 and bananas 29 on the kitchen counter 14, the
 * fridge 17 closed; the robot in the livingroom): the kNN retriever and its ablations' settings, the generator's
 * imitation and remedies, the detector and the judge on a belief of the observation, the task retriever's remedies,
 * and the agent's Algorithm 1 when the home differs from the one its skills were learnt in.
 */
import { describe, expect, it } from 'vitest';
import { repeatedCycles } from '../../../src/agents/loop-guard.js';
import { type LoopRecord, SemGroAgent } from '../../../src/agents/semgro/agent.js';
import { PAPER_RETRIEVAL, SEMGRO_VARIANTS } from '../../../src/agents/semgro/config.js';
import { ObservationDetector, SimulationJudge } from '../../../src/agents/semgro/critic.js';
import { buildDatabase } from '../../../src/agents/semgro/database/build.js';
import { hiddenIn } from '../../../src/agents/semgro/failures.js';
import { ImitationGenerator } from '../../../src/agents/semgro/generator.js';
import { offlineRoles } from '../../../src/agents/semgro/offline.js';
import { SkillRetriever } from '../../../src/agents/semgro/retrieval.js';
import { RemedyTaskRetriever } from '../../../src/agents/semgro/task-retriever.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { moveObject, setState } from '../../../src/sim/dynamics/edits.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { collectDecisions } from '../../../src/util/decisions.js';
import { Rng } from '../../../src/util/rng.js';
import { cottageDatabase, runAgent } from './helpers.js';

const database = cottageDatabase();
const candidate = (text: string) => database.entries.find((e) => e.text === text)!;

describe('the kNN retriever', () => {
  const retriever = new SkillRetriever(database);
  const query = { instruction: 'Put the apple in the refrigerator.', names: [] };

  it('returns k entries of level 2 and above, their plans as examples, the entries one level down as candidates', () => {
    const out = retriever.retrieve(query, PAPER_RETRIEVAL, new Rng(0));
    expect(out.entries).toHaveLength(10);
    expect(out.entries.every((e) => e.level >= 2)).toBe(true);
    // The closest: putting the apple in the fridge, with the fridge open (the variant) or opening it first.
    expect(out.entries.slice(0, 2).map((e) => e.text)).toEqual(
      expect.arrayContaining(['put apple in fridge', 'open fridge and put apple in fridge']),
    );
    expect(out.examples[0]).toEqual({
      text: out.entries[0].text,
      plan: database.planTexts(out.entries[0].id),
      level: out.entries[0].level,
    });
    const below = new Set(out.entries.flatMap((e) => e.plan));
    expect(out.candidates.every((c) => below.has(c.id))).toBe(true);
    expect(out.candidates.map((c) => c.text)).toContain('putin apple fridge');
  });

  it('honours k, the levels, a ceiling, the candidates of a top-level planner and random examples', () => {
    expect(retriever.retrieve(query, { ...PAPER_RETRIEVAL, k: 5 }, new Rng(0)).entries).toHaveLength(5);
    const ceiling = retriever.retrieve({ ...query, ceiling: 2 }, PAPER_RETRIEVAL, new Rng(0));
    expect(ceiling.entries.every((e) => e.level === 2)).toBe(true);
    expect(ceiling.candidates.every((c) => c.level === 1)).toBe(true);
    const top = retriever.retrieve(query, { ...PAPER_RETRIEVAL, levels: [3, 3], candidates: 'self' }, new Rng(0));
    expect(top.candidates.map((c) => c.id)).toEqual(top.entries.map((e) => e.id));
    const random = retriever.retrieve(query, { ...PAPER_RETRIEVAL, examples: 'random' }, new Rng(5));
    const knn = retriever.retrieve(query, PAPER_RETRIEVAL, new Rng(5));
    expect(random.candidates).toEqual(knn.candidates);
    expect(random.examples.map((e) => e.text)).not.toEqual(knn.examples.map((e) => e.text));
  });

  it('adds the similarity of what is close to the names seen while an entry was made, unless told not to', () => {
    const near = { instruction: 'put it away', names: ['mug', 'kitchencounter'] };
    const seen = retriever.retrieve(near, PAPER_RETRIEVAL, new Rng(0)).entries[0];
    expect(seen.objects).toContain('mug');
    const blind = retriever.retrieve(near, { ...PAPER_RETRIEVAL, observation: false }, new Rng(0)).entries;
    expect(blind.map((e) => e.id)).not.toEqual(
      retriever.retrieve(near, PAPER_RETRIEVAL, new Rng(0)).entries.map((e) => e.id),
    );
  });
});

describe('the offline generator', () => {
  const generator = new ImitationGenerator();
  const fridge = candidate('open fridge and put apple in fridge');
  const steps = fridge.plan.map((id) => {
    const e = database.get(id);
    return { id: e.id, level: e.level, text: e.text };
  });
  const input = (instruction: string, done: string[], candidates = steps) => ({
    instruction,
    history: [],
    done,
    examples: [{ text: fridge.text, plan: candidates.map((c) => c.text), level: fridge.level }],
    candidates,
  });

  it('follows the example most like the instruction from where the history leaves off, passing over what was set aside', async () => {
    expect((await generator.generate(input('put the apple in the fridge', []))).value?.text).toBe('walk kitchen');
    const done = ['walk kitchen', 'walk apple', 'grab apple'];
    expect((await generator.generate(input('put the apple in the fridge', done))).value?.text).toBe('walk fridge');
    const open = steps.filter((c) => c.text !== 'walk fridge');
    expect((await generator.generate(input('put the apple in the fridge', done, open))).value?.text).toBe(
      'open fridge',
    );
  });

  it('serves a remedy first, and looks for a missing thing where the catalog keeps it', async () => {
    const remedy = await generator.generate(input('open fridge and put apple in fridge', []));
    expect(remedy.value?.text).toBe('open fridge');
    const find = await generator.generate(input('find apple and put apple in fridge', []));
    expect(find.value?.text).toBe('open fridge');
    expect((await generator.generate(input('x', [], []))).value).toBeUndefined();
  });

  it('serves "walk X" with the walk an example takes before it grabs an X when no candidate walks to X', async () => {
    // The cupcake in the fridge: the chain walks to the fridge, not to the cupcake. The history did walk there once
    // (for another thing), so the imitation alone would go on past the walk; the remedy is the walk itself.
    const texts = ['walk kitchen', 'walk fridge', 'open fridge', 'grab cupcake', 'walk microwave'];
    const pool = texts.map((text, id) => ({ id, level: 1, text }));
    const heat = { text: 'heat cupcake in microwave', plan: texts, level: 2 };
    const ask = async (done: string[]) =>
      (
        await generator.generate({
          instruction: 'walk cupcake and grab cupcake',
          history: [],
          done,
          examples: [heat],
          candidates: pool.filter((c) => c.text !== 'grab cupcake'),
        })
      ).value?.text;
    expect(await ask(['walk kitchen', 'walk fridge', 'open fridge', 'walk microwave'])).toBe('walk fridge');
    expect(await ask([])).toBe('walk fridge');
    // A walk to the fridge made since the last deed did not bring a cupcake close: the cupcake is elsewhere now.
    expect(await ask(['walk kitchen', 'walk fridge', 'open fridge', 'walk fridge', 'walk microwave'])).toBe(
      'walk microwave',
    );
  });

  it("takes a conjunction's parts as done in any order, a chain's steps in order", async () => {
    // A level-3 example of three placements on the table (the database draws its own conjunctions).
    const parts = ['put apple on kitchentable', 'put bananas on kitchentable', 'put mug on kitchentable']
      .map(candidate)
      .map((e) => ({ id: e.id, level: e.level, text: e.text }));
    const fruit = { text: 'put apple, bananas and mug on kitchentable', level: 3 };
    const ask = async (done: string[]) =>
      (
        await generator.generate({
          instruction: 'put the fruit on the kitchen table',
          history: [],
          done,
          examples: [{ text: fruit.text, plan: parts.map((p) => p.text), level: fruit.level }],
          candidates: parts,
        })
      ).value?.text;
    // The second part done before the first (in pieces, or for another instruction): the third is what is left.
    expect(await ask(['put bananas on kitchentable', 'put apple on kitchentable'])).toBe('put mug on kitchentable');
    expect(await ask(['put mug on kitchentable'])).toBe('put apple on kitchentable');
    // A level-1 chain: a walk to the kitchentable before the grab is not the walk after it.
    const apple = candidate('put apple on kitchentable');
    const steps = apple.plan.map((id) => database.get(id)).map((e) => ({ id: e.id, level: e.level, text: e.text }));
    const next = await generator.generate({
      instruction: 'put the apple on the kitchen table',
      history: [],
      done: ['walk kitchentable', 'walk kitchen', 'walk apple', 'grab apple'],
      examples: [{ text: apple.text, plan: steps.map((s) => s.text), level: apple.level }],
      candidates: steps,
    });
    expect(next.value?.text).toBe('walk kitchentable');
  });
});

describe('the critic', () => {
  it('detects the observation, or a noisy one', () => {
    const world = new EpisodeWorld(loadHome('cottage').graph);
    world.step({ action: 'walk', objects: [1] });
    world.step({ action: 'walk', objects: [17] });
    const seen = new ObservationDetector(0).detect(world.observe(), 0);
    expect(seen.names).toContain('apple');
    expect(seen.near).toContain('fridge');
    expect(seen.states).toContain('fridge is CLOSED');
    const blind = new ObservationDetector(0, { miss: 1, state: 0 }).detect(world.observe(), 0);
    expect(blind.names).toEqual([]);
    const flipped = new ObservationDetector(0, { miss: 0, state: 1 }).detect(world.observe(), 0);
    expect(flipped.states).toContain('fridge is OPEN');
  });

  it('judges a chain on a belief of the detection: what it sees stops it, what it cannot see does not', async () => {
    const graph = loadHome('cottage').graph;
    const world = new EpisodeWorld(graph);
    const judge = new SimulationJudge();
    const ask = async (text: string) => {
      const feedback = world.feedback(0);
      const skill = candidate(text);
      return (
        await judge.judge({
          skill: { id: skill.id, level: skill.level, text },
          chain: database.chain(skill.id),
          detection: new ObservationDetector(0).detect(feedback.observation, 0),
          candidates: [],
          adjacent: feedback.adjacentRooms,
          settled: new Set(),
          t: 0,
        })
      ).value;
    };
    // From the livingroom the chain walks out of view at once.
    expect(await ask('open fridge and put apple in fridge')).toEqual({ executable: true });
    world.step({ action: 'walk', objects: [1] });
    setState(graph, 17, 'OPEN');
    expect(await ask('open fridge and put apple in fridge')).toMatchObject({
      executable: false,
      failure: { kind: 'already-open', object: 'fridge' },
    });
    // The true state is never read: a fridge the robot cannot see stays unknown.
    expect(graph.hasState(17, 'OPEN')).toBe(true);
    // No apple in view (in the fridge, closed again) while the fridge is: the fridge may hold it, open it first.
    setState(graph, 17, 'CLOSED');
    moveObject(graph, 28, { relation: 'INSIDE', host: 17 });
    expect(await ask('put apple on kitchentable')).toMatchObject({
      executable: false,
      failure: { kind: 'closed', object: 'fridge' },
    });
    // Only a closed container of a class the catalog keeps the thing in, and only for a thing out of view.
    const seen = world.feedback(0).observation;
    const missing = { kind: 'not-visible', object: 'apple', text: 'no apple in view' } as const;
    expect(hiddenIn(missing, seen)).toMatchObject({ kind: 'closed', object: 'fridge' });
    expect(hiddenIn({ ...missing, object: 'toothbrush' }, seen)).toBeUndefined();
    expect(hiddenIn({ ...missing, kind: 'not-close' }, seen)).toBeUndefined();
    setState(graph, 17, 'OPEN');
    // With the fridge open, food may still be in a closed microwave (where heating leaves it, issue 42); a
    // toothbrush not.
    const microwave = [...graph.idsOfClass('microwave')][0];
    setState(graph, microwave, 'CLOSED');
    expect(hiddenIn(missing, world.feedback(0).observation)).toMatchObject({ kind: 'closed', object: 'microwave' });
    expect(hiddenIn({ ...missing, object: 'toothbrush' }, world.feedback(0).observation)).toBeUndefined();
    setState(graph, microwave, 'OPEN');
    expect(hiddenIn(missing, world.feedback(0).observation)).toBeUndefined();
  });
});

describe('the offline task retriever', () => {
  it('writes "<remedy> and <skill>", or the skill with the state it finds', async () => {
    const retriever = new RemedyTaskRetriever();
    const skill = { id: 1, level: 2, text: 'put apple in fridge' };
    const ask = async (kind: string, object: string) =>
      (
        await retriever.retrieve({
          skill,
          feedback: 'f',
          lower: [],
          t: 0,
          failure: { kind: kind as never, object, text: 'f' },
        })
      ).value;
    expect(await ask('closed', 'fridge')).toBe('open fridge and put apple in fridge');
    expect(await ask('not-visible', 'apple')).toBe('find apple and put apple in fridge');
    expect(await ask('already-open', 'fridge')).toBe('put apple in fridge with fridge already open');
    expect((await retriever.retrieve({ skill, feedback: 'the door is stuck', lower: [], t: 0 })).value).toBe(
      'put apple in fridge, the door is stuck',
    );
  });
});

describe('Algorithm 1 in a home that differs from the training home', () => {
  // Terse texts the shared reader does not read ("Fruit, kitchen cabinet."): the paper's path, the instruction text
  // retrieved against, which these tests are about. A text it reads as several things takes the goal chain
  // (goal-chain.test.ts).
  const variant = (name: string) => SEMGRO_VARIANTS.find((v) => v.name === name)!;
  // The kitchen cabinets 15 and 16 open (closed in the training home: the database's "open kitchencabinet and put
  // apple in kitchencabinet" opens one first).
  const cabinetsOpen = () => {
    const graph = loadHome('cottage').graph;
    setState(graph, 15, 'OPEN');
    setState(graph, 16, 'OPEN');
    return graph;
  };
  const inCabinet = (graph: ReturnType<typeof cabinetsOpen>) =>
    [28, 29].every((fruit) => graph.hasEdge(fruit, 'INSIDE', 15) || graph.hasEdge(fruit, 'INSIDE', 16));

  it('decomposes what cannot run because a state differs (a cabinet already open), and carries the task out', async () => {
    const { config } = variant('semgro');
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, config), config, 0);
    const run = await runAgent(agent, cabinetsOpen(), 'Fruit, kitchen cabinet.', inCabinet);
    expect(run.done).toBe(true);
    const stats = agent.stats() as {
      iterations: { t: number; skill: string; kind: string; finer?: string }[];
      roles: object;
    };
    expect(stats.iterations).toContainEqual(
      expect.objectContaining({
        kind: 'already-open',
        finer: expect.stringMatching(/with kitchencabinet already open$/),
      }),
    );
    expect(stats.roles).toMatchObject({ judge: expect.stringMatching(/^offline/) });
    // No refused choice is proposed again in the same situation: one refusal per skill, step and reason.
    const refusals = stats.iterations.map((i) => JSON.stringify([i.t, i.skill, i.kind]));
    expect(new Set(refusals).size).toBe(refusals.length);
  });

  it('holds both positions of a container: with the fridge open, the skill that does not open it', async () => {
    const { config } = variant('semgro');
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, config), config, 0);
    const graph = loadHome('cottage').graph;
    setState(graph, 17, 'OPEN');
    const run = await runAgent(agent, graph, 'Put the apple in the fridge.', (g) => g.hasEdge(28, 'INSIDE', 17));
    expect(run.done).toBe(true);
    expect(run.steps.some((s) => s.endsWith('FAILED'))).toBe(false);
    // Nothing to refuse or decompose: the steps follow the database's skill for an open fridge.
    expect((agent.stats() as { iterations: unknown[] }).iterations).toEqual([]);
    expect(run.steps.some((s) => s.startsWith('[open]'))).toBe(false);
  });

  it('decomposes a skill whose chain fails part-way (the apple moved into the closed fridge): open the fridge first', async () => {
    const { config } = variant('semgro');
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, config), config, 0);
    const graph = loadHome('cottage').graph;
    moveObject(graph, 28, { relation: 'INSIDE', host: 17 });
    const onTable = (g: typeof graph) => g.hasEdge(28, 'ON', 27) && g.hasEdge(29, 'ON', 27);
    // A text the shared reader does not read: the paper's path, the instruction alone retrieved against.
    const run = await runAgent(agent, graph, 'Fruit, kitchen table.', onTable, 40);
    expect(agent.reading()?.read).toBe(false);
    expect(run.done).toBe(true);
    const stats = agent.stats() as { iterations: { source: string; kind: string; object: string; finer?: string }[] };
    // No apple in view, the fridge closed in view: the fridge may hold it (the catalog keeps apples there).
    expect(stats.iterations).toContainEqual(
      expect.objectContaining({
        source: 'execution',
        kind: 'closed',
        object: 'fridge',
        finer: 'open fridge and put apple on kitchentable',
      }),
    );
    expect(run.steps).toContain('[open] <fridge> (17)');
    expect(run.steps.length).toBeLessThan(15);
  });

  it('remedies a grab refused as not close by the walk the remedy names (to the thing, in the fridge)', async () => {
    // The bread beside the cupcake in the fridge, in the training home and here: "heat cupcake in microwave" walks to
    // the fridge, not to the cupcake. After heating the bread the fridge stands open and the character at the
    // microwave; the imitation has walked to the fridge once already, so "grab cupcake" is refused as not close. No
    // retrieved entry walks to the cupcake, but the finer instruction "walk cupcake and grab cupcake" names the
    // level-1 skill, which is its candidate (`retrieval.ts`): the agent walks to the cupcake itself.
    const home = () => {
      const graph = loadHome('cottage').graph;
      moveObject(graph, 36, { relation: 'INSIDE', host: 17 });
      return graph;
    };
    const foodDatabase = buildDatabase(home(), {
      home: 'cottage',
      seed: 1,
      patients: ['cupcake', 'bread'],
      caps: { level3: 8, level4: 4 },
    });
    const { config } = variant('semgro');
    const agent = new SemGroAgent('semgro', foodDatabase, offlineRoles(0, config), config, 0);
    const graph = home();
    const character = graph.characterId();
    const holdsCupcake = (g: typeof graph) =>
      g.hasEdge(character, 'HOLDS_RH', 44) || g.hasEdge(character, 'HOLDS_LH', 44);
    const run = await runAgent(agent, graph, 'Warm up the food.', holdsCupcake, 20);
    const stats = agent.stats() as { iterations: { skill: string; kind: string; finer?: string }[] };
    expect(stats.iterations).toContainEqual(
      expect.objectContaining({ skill: 'grab cupcake', kind: 'not-close', finer: 'walk cupcake and grab cupcake' }),
    );
    expect(run.done).toBe(true);
    expect(run.steps.slice(-2)).toEqual(['[walk] <cupcake> (44)', '[grab] <cupcake> (44)']);
  });

  it('counts a skill carried out in pieces for a finer instruction as done, and goes on with the next part', async () => {
    // The fridge open: "open fridge and put apple in fridge" fails at its opening, the finer instruction puts the
    // apple in; the conjunction "put fruit in fridge" then goes on with the bananas, not the apple again.
    const { config } = variant('semgro');
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, config), config, 0);
    const graph = loadHome('cottage').graph;
    setState(graph, 17, 'OPEN');
    const inFridge = (g: typeof graph) => g.hasEdge(28, 'INSIDE', 17) && g.hasEdge(29, 'INSIDE', 17);
    const { value: run, records } = await collectDecisions(() => runAgent(agent, graph, 'Fruit, fridge.', inFridge));
    expect(run.done).toBe(true);
    const stats = agent.stats() as { iterations: { t: number; skill: string; finer?: string }[] };
    expect(stats.iterations).toContainEqual(
      expect.objectContaining({ finer: 'open fridge and put apple in fridge with fridge already open' }),
    );
    const appleIn = run.steps.indexOf('[putin] <apple> (28) <fridge> (17)');
    expect(appleIn).toBeGreaterThan(0);
    const after = records.filter((r) => r.t > appleIn);
    expect(after.map((r) => r.chosen)).toEqual(['put bananas in fridge']);
    expect(stats.iterations.filter((i) => i.t > appleIn)).toEqual([]);
  });

  it('gives up the skills of a loop without the critic (SG-L opening and closing the microwave) and says so', async () => {
    // The apple in the fridge: SG-L, imitating "heat apple in microwave" one primitive at a time, opens the
    // microwave, opens it again (refused), closes it, and again; the third time round the guard stops it.
    const { config } = variant('semgro-low');
    const agent = new SemGroAgent('semgro-low', database, offlineRoles(0, config), config, 0);
    const graph = loadHome('cottage').graph;
    moveObject(graph, 28, { relation: 'INSIDE', host: 17 });
    const { value: run, records } = await collectDecisions(() =>
      runAgent(agent, graph, 'Food, microwave.', () => false, 30),
    );
    const stats = agent.stats() as { loopsFound: number; loops: LoopRecord[] };
    expect(stats.loopsFound).toBeGreaterThan(0);
    expect(stats.loops[0]).toMatchObject({
      action: 'give up',
      repeats: 3,
      skills: expect.arrayContaining(['open microwave', 'close microwave']),
    });
    expect(records).toContainEqual(expect.objectContaining({ kind: 'loop-guard', action: 'give up' }));
    expect(repeatedCycles(run.steps, 3, { minLength: 1, maxLength: 4 })).toEqual([]);
  });

  it('decomposes the skill a loop went round with the critic on (after the task, walking between two rooms)', async () => {
    const { config } = variant('semgro');
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, config), config, 0);
    const { value: run, records } = await collectDecisions(() =>
      runAgent(agent, loadHome('cottage').graph, 'Fruit, kitchen cabinet.', () => false, 30),
    );
    const stats = agent.stats() as { loops: LoopRecord[]; iterations: { source: string; finer?: string }[] };
    const loop = stats.loops.find((l) => l.action === 'decompose');
    expect(loop?.finer).toMatch(/, went round the same \d steps? 3 times with nothing new seen$/);
    expect(stats.iterations).toContainEqual(expect.objectContaining({ source: 'loop', finer: loop?.finer }));
    expect(records).toContainEqual(expect.objectContaining({ kind: 'loop-guard', action: 'decompose' }));
    expect(repeatedCycles(run.steps, 3, { minLength: 1, maxLength: 4 })).toEqual([]);
  });

  it('bypasses the critic at a fixed level (the ablations of Table 4)', async () => {
    const { config } = variant('semgro-low');
    const agent = new SemGroAgent('semgro-low', database, offlineRoles(0, config), config, 0);
    const run = await runAgent(agent, cabinetsOpen(), 'Fruit, kitchen cabinet.', inCabinet);
    const stats = agent.stats() as { iterations: { source: string }[]; roles: { judge: string } };
    expect(stats.roles.judge).toBe('bypassed');
    expect(stats.iterations.every((i) => i.source === 'execution')).toBe(true);
    expect(run.steps.some((s) => s.endsWith('FAILED'))).toBe(true);
  });
});
