/**
 * Program agents with real python3, in this process's own episodes (the CLI, threads and the queue are
 * test/cli/own-agents.test.ts): what a program is told (the published schema, no privilege it did not ask for), that
 * the same agent as a program and as a module takes the same skills, that one process serves episode after episode,
 * and that every way of breaking the protocol fails the episode with an error naming it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { stopIdleAgentProcesses } from '../../../src/agents/external/program-agent.js';
import { stepMessage, toAgentMessage, toAgentMessageV2 } from '../../../src/agents/external/protocol.js';
import { loadAgentItems, unregisterAgentSources } from '../../../src/agents/external/sources.js';
import { runContinualEpisode } from '../../../src/bench/continual/episode.js';
import { runEpisodicEpisode } from '../../../src/bench/episodic/episode.js';
import { InputError } from '../../../src/util/errors.js';
import { spawnNode } from '../../helpers/child.js';
import { BUILT } from '../../helpers/cli.js';
import { describeWithPython, PYTHON } from '../../helpers/python.js';
import { scratchDir } from '../../helpers/scratch.js';
import { projectRoot } from '../../helpers/shared-data.js';

const dir = scratchDir('program-agents');
const registered: string[] = [];

afterAll(async () => {
  unregisterAgentSources(registered);
  await stopIdleAgentProcesses();
});

/**
 * A program from a loop body: `m` is hearth's message, `send` writes an answer, `first(m)` answers the first candidate
 * (by its id in version 2), `n` counts the starts and steps seen. It answers hello (version 1, unless `hello` gives
 * `versions`) and end itself, and writes each end's reason to its standard error.
 */
function program(name: string, body: string, hello: Record<string, unknown> = {}): string {
  const file = join(dir, `${name}.py`);
  writeFileSync(
    file,
    [
      'import json, os, sys, time',
      'def send(m):',
      '    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()',
      'def first(m):',
      '    c = m["candidates"][0]',
      '    send({"type": "act", "candidate": c} if isinstance(c, int) else {"type": "act", "skill": c["skill"], "args": c["args"]})',
      'n = 0',
      'for line in sys.stdin:',
      '    m = json.loads(line)',
      '    if m["type"] == "hello":',
      `        h = dict({"type": "hello", "version": 1, "name": ${JSON.stringify(name)}}, **json.loads(${JSON.stringify(JSON.stringify(hello))}))`,
      '        if "versions" in h: del h["version"]',
      '        send(h)',
      '        continue',
      '    if m["type"] == "end":',
      '        print("end", m["reason"], file=sys.stderr); send({"type": "ok"}); continue',
      '    n += 1',
      ...body.split('\n').map((line) => `    ${line}`),
      '',
    ].join('\n'),
  );
  return file;
}

/** Loads programs as `--agents exec:...` does, with a timeout; their names. */
async function load(files: string[], timeoutMs = 5000, note?: (line: string) => void): Promise<string[]> {
  const { names } = await loadAgentItems(
    files.map((file) => `exec:${PYTHON} ${file}`),
    { timeoutMs, ...(note && { note }) },
  );
  registered.push(...names);
  return names;
}

const continual = (agent: string, steps = 4, seed = 0) =>
  runContinualEpisode({ agent, home: 'cottage', nonstationarity: 'medium', instructions: 3, steps, seed });

describeWithPython('program agents', () => {
  it('are told what the protocol says, in its published schema, and no privilege they did not ask for', async () => {
    const log = (name: string) => join(dir, `${name}.jsonl`);
    const recorder = (name: string, hello: Record<string, unknown>) =>
      program(name, `open(${JSON.stringify(log(name))}, "a").write(line)\nfirst(m)`, hello);
    const [plain, privileged] = await load([
      recorder('plain', {}),
      recorder('privileged', { privileges: ['meanings', 'true-state'] }),
    ]);
    for (const agent of [plain, privileged]) {
      await continual(agent, 3);
      await runEpisodicEpisode({ agent, home: 'cottage', task: 'llm-state/open-fridge', seed: 0, maxSteps: 2 });
    }
    const lines = (name: string) =>
      readFileSync(log(name), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const message of [...lines('plain'), ...lines('privileged')]) {
      expect(toAgentMessage.safeParse(message).success, JSON.stringify(message).slice(0, 200)).toBe(true);
    }
    // A continual episode of 3 steps: start, a step after each skill but the last; then the episodic task.
    expect(lines('plain').map((m) => m.type)).toEqual(['start', 'step', 'step', 'start', 'step']);
    const [start, step] = lines('plain');
    expect(Object.keys(start).sort()).toEqual(
      ['candidates', 'instructions', 'observation', 'protocol', 'rooms', 'seed', 'skillSet', 'skills', 'type'].sort(),
    );
    expect(Object.keys(step).sort()).toEqual(['candidates', 'last', 'observation', 't', 'type']);
    expect(stepMessage.parse(step).last.skill).toBe((start.candidates as { skill: string }[])[0].skill);
    // A node's fixed fields go with it once: a node of the start comes back as its id and states.
    type Nodes = { observation: { nodes: Record<string, unknown>[] } };
    const before = new Set((start as unknown as Nodes).observation.nodes.map((node) => node.id));
    for (const node of (step as unknown as Nodes).observation.nodes) {
      expect(Object.keys(node).sort()).toEqual(
        before.has(node.id) ? ['id', 'states'] : expect.arrayContaining(['className']),
      );
    }
    const [pStart, pStep, , pEpisodic] = lines('privileged');
    expect(pStart.meanings).toHaveLength(3);
    expect((pStart.state as { nodes: unknown[] }).nodes.length).toBeGreaterThan(
      (pStart.observation as { nodes: unknown[] }).nodes.length,
    );
    expect(pStep.state).toBeDefined();
    expect(pEpisodic.goal).toMatchObject({ subgoals: [{ predicate: 'isOpen' }] });
  });

  it('as a program takes the very skills the same agent takes as a module', async () => {
    const [python] = await load([join(projectRoot, 'test', 'fixtures', 'agents', 'first_candidate.py')]);
    const { names } = await loadAgentItems([join(projectRoot, 'examples', 'agents', 'first-candidate.js')]);
    registered.push(...names);
    const [module] = names;
    expect([python, module]).toEqual(['first-candidate-py', 'first-candidate']);
    const a = await continual(python, 25, 3);
    const b = await continual(module, 25, 3);
    expect(a.steps).toEqual(b.steps);
    expect(a.metrics).toEqual(b.metrics);
    const task = { home: 'cottage', task: 'teach/coffee', seed: 1, maxSteps: 12 };
    const c = await runEpisodicEpisode({ ...task, agent: python });
    const d = await runEpisodicEpisode({ ...task, agent: module });
    expect(c.steps).toEqual(d.steps);
    expect(c.score).toEqual(d.score);
  });

  it('speaks version 2 with a program that speaks it: its changes rebuild exactly what version 1 sends', async () => {
    // The same recorder twice, privileged (the true state is sent as changes too): one speaking version 1, one 1 and 2.
    const log = (name: string) => join(dir, `${name}.jsonl`);
    const recorder = (name: string, hello: Record<string, unknown>) =>
      program(name, `open(${JSON.stringify(log(name))}, "a").write(line)\nfirst(m)`, {
        privileges: ['meanings', 'true-state'],
        ...hello,
      });
    const [v1, v2] = await load([recorder('speaks-1', {}), recorder('speaks-2', { versions: [1, 2] })]);
    for (const agent of [v1, v2]) {
      await continual(agent, 12, 2);
      await runEpisodicEpisode({ agent, home: 'cottage', task: 'teach/coffee', seed: 1, maxSteps: 8 });
    }
    const lines = (name: string) =>
      readFileSync(log(name), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const sent = lines('speaks-2');
    for (const message of sent) {
      expect(toAgentMessageV2.safeParse(message).success, JSON.stringify(message).slice(0, 200)).toBe(true);
    }
    expect(sent.filter((m) => m.type === 'start').map((m) => m.version)).toEqual([2, 2]);
    // Answered by candidate id, the program took the skills version 1's took: the two saw the same episodes.
    expect(rebuildVersion1(sent)).toEqual(lines('speaks-1'));
    // The changes make the steps' lines short, though this agent walks to another room at every step.
    const length = (messages: Record<string, unknown>[]) =>
      messages.filter((m) => m.type === 'step').reduce((sum, m) => sum + JSON.stringify({ ...m, state: 0 }).length, 0);
    expect(length(sent)).toBeLessThan(length(lines('speaks-1')) / 3);
  });

  it('gives the same Python agent the same episodes over version 1 and version 2', async () => {
    // examples/python/fetch_agent.py reads the nodes, edges and candidates; fetch_v1.py is it held to version 1.
    const [v2, v1] = await load([
      join(projectRoot, 'examples', 'python', 'fetch_agent.py'),
      join(projectRoot, 'test', 'fixtures', 'agents', 'fetch_v1.py'),
    ]);
    expect([v2, v1]).toEqual(['fetch', 'fetch-v1']);
    for (const seed of [0, 1]) {
      const [a, b] = [await continual(v2, 80, seed), await continual(v1, 80, seed)];
      expect(a.steps).toEqual(b.steps);
      expect(a.metrics).toEqual(b.metrics);
      expect(a.metrics.completed).toBeGreaterThan(0); // it did something, not the same nothing twice
    }
    const task = { home: 'cottage', task: 'llm-state/open-fridge', seed: 0 };
    const [c, d] = [await runEpisodicEpisode({ ...task, agent: v2 }), await runEpisodicEpisode({ ...task, agent: v1 })];
    expect(c.steps).toEqual(d.steps);
    expect(c.score).toEqual(d.score);
  });

  it('shows a Python agent, through the client, over version 2 exactly the views version 1 shows it', async () => {
    // An agent of the client that writes down all it is shown (true state too) and walks on; once held to version 1.
    const viewer = (version: 1 | 2) => {
      const file = join(dir, `viewer_${version}.py`);
      writeFileSync(
        file,
        [
          'import json, sys',
          `sys.path.insert(0, ${JSON.stringify(join(projectRoot, 'examples', 'python'))})`,
          'import hearth_agent',
          ...(version === 1 ? ['hearth_agent.VERSIONS = (1,)'] : []),
          'class Viewer(hearth_agent.Agent):',
          `    name = "viewer-${version}"`,
          '    privileges = ("true-state",)',
          '    def act(self, view):',
          `        with open(${JSON.stringify(join(dir, `views-${version}.jsonl`))}, "a") as out:`,
          '            out.write(json.dumps([view.t, view.me, view.room, list(view.nodes.values()), view.edges, view.candidates, view.held(), view.state]) + "\\n")',
          '        return view.candidates[(view.t * 7) % len(view.candidates)]',
          'hearth_agent.run(Viewer())',
          '',
        ].join('\n'),
      );
      return file;
    };
    const agents = await load([viewer(1), viewer(2)]);
    for (const agent of agents) await continual(agent, 40, 4);
    const views = (version: number) =>
      readFileSync(join(dir, `views-${version}.jsonl`), 'utf8')
        .trim()
        .split('\n');
    expect(views(1)).toHaveLength(40);
    expect(views(2)).toEqual(views(1));
  });

  it('agrees on the highest version both sides speak, and refuses what version 2 adds to a version-1 program', async () => {
    const [newer, none, v1Candidate, unknownCandidate, both] = await load(
      [
        program(
          'speaks-2-3',
          'if m["type"] == "start": print("version", m.get("version"), file=sys.stderr)\nfirst(m)',
          {
            versions: [2, 3],
          },
        ),
        program('speaks-3', 'first(m)', { versions: [3] }),
        program('candidate-v1', 'send({"type": "act", "candidate": 0})'),
        program('candidate-unknown', 'send({"type": "act", "candidate": 9999})', { versions: [1, 2] }),
        program('candidate-and-skill', 'send({"type": "act", "candidate": 0, "skill": "walk"})', { versions: [2] }),
      ],
      5000,
      () => undefined,
    );
    expect((await continual(newer, 2)).agentStats?.stderr).toBe('version 2\nend limit\n');
    const errors = await Promise.all(
      [none, v1Candidate, unknownCandidate, both].map((agent) => continual(agent, 3).then(() => 'no error', String)),
    );
    expect(errors[0]).toMatch(
      /at hello, when the run started: the program speaks protocol version 3; this hearth speaks versions 1, 2/,
    );
    expect(errors[1]).toMatch(
      /at the start: the answer is not a message of the agent protocol \(version 1\): .*candidate/,
    );
    expect(errors[2]).toMatch(/at the start: unknown candidate 9999: not one of the \d+ candidates of this message/);
    expect(errors[3]).toMatch(/at the start: the answer is not a message of the agent protocol \(version 2\): .*skill/);
  });

  it('keeps one process across episodes and its standard error in each record; a fresh one after a fault', async () => {
    const [agent] = await load([
      program(
        'pid',
        'if m["type"] == "start": seed = m["seed"]; print("start", os.getpid(), file=sys.stderr)\n' +
          'if m["type"] == "step" and seed == 9: sys.exit(4)\nfirst(m)',
      ),
    ]);
    const pids = [];
    for (const seed of [0, 1, 2]) pids.push(String((await continual(agent, 3, seed)).agentStats?.stderr));
    expect(pids[0]).toMatch(/^start \d+\nend limit\n$/);
    expect(new Set(pids).size).toBe(1);
    await expect(continual(agent, 5, 9)).rejects.toThrow(/step 1: the program exited \(code 4\) before answering/);
    const after = String((await continual(agent, 3, 0)).agentStats?.stderr);
    expect(after).not.toBe(pids[0]);
  });

  it('fails the episode, naming the step and the cause, for every way of breaking the protocol, in both versions', async () => {
    const faults: [string, string, RegExp][] = [
      [
        'not-json',
        'if n == 2: print("I will walk to the kitchen now", flush=True)\nelse: first(m)',
        /step 1: the answer is not JSON: "I will walk to the kitchen now" \(/,
      ],
      [
        'off-schema',
        'send({"type": "act", "skill": "walk", "arg": [1]})',
        /at the start: the answer is not a message of the agent protocol \(version 1\): "\{\\"type\\": \\"act\\", \\"skill\\": \\"walk\\", \\"arg\\": \[1\]\}" \(/,
      ],
      [
        'unknown-skill',
        'send({"type": "act", "skill": "fly", "args": [1]})',
        /at the start: unknown skill "fly" \(the skills of virtualhome: walk, grab, /,
      ],
      [
        'wrong-arity',
        'send({"type": "act", "skill": "put", "args": [1]})',
        /skill 'put' takes 2 objects \(held object, surface\), got 1/,
      ],
      [
        'unseen-object',
        'send({"type": "act", "skill": "grab", "args": [9999]})',
        /unknown object 9999 in 'grab': never shown to the agent in this episode/,
      ],
      ['wrong-answer', 'send({"type": "ok"})', /at the start: answered 'ok' to start \(expected act, done or error\)/],
      ['stray-line', 'first(m); first(m)', /step 1: the program wrote a line nobody asked for: "\{/],
      [
        'exits',
        'if n == 3: print("Traceback: it broke", file=sys.stderr); sys.exit(1)\nfirst(m)',
        /step 2: the program exited \(code 1\) before answering\nstandard error of the program \(its end\):\nTraceback: it broke/,
      ],
      [
        'reports',
        'send({"type": "error", "message": "no model server"})',
        /at the start: the agent reported an error: no model server/,
      ],
      [
        'done-continual',
        'send({"type": "done"})',
        /answered done at step 0: the continual protocol has no end before its last step/,
      ],
      [
        'long-line',
        'sys.stdout.write("x" * (1 << 21)); sys.stdout.flush(); time.sleep(60)',
        /a line of over 1048576 bytes without its end: "x{60}…"$/,
      ],
      [
        'hangs',
        'if n == 2: time.sleep(60)\nfirst(m)',
        /step 1: no answer within 0.3 s \(--agent-timeout\); the program was stopped/,
      ],
    ];
    // Each program speaking version 1, then version 2 (whose errors are the same, but for the version they name).
    for (const version of [1, 2]) {
      const as = (name: string) => (version === 1 ? name : `${name}-v2`);
      const hello = version === 1 ? {} : { versions: [1, 2] };
      // The one that hangs is given 0.3 s; the others the time a loaded machine may take to answer.
      const names = [
        ...(await load(faults.slice(0, -1).map(([name, body]) => program(as(name), body, hello)))),
        ...(await load([program(as('hangs'), faults[faults.length - 1][1], hello)], 300)),
      ];
      const errors = await Promise.all(names.map((agent) => continual(agent, 4).then(() => 'no error', String)));
      faults.forEach(([name, , expected], i) => {
        expect(errors[i], as(name)).toMatch(new RegExp(expected.source.replace('version 1', `version ${version}`)));
        expect(errors[i], as(name)).toMatch(/^AgentFault: |^Error: /);
      });
    }
  });

  it('a hello that fails does not stop the run: the program runs under its script name, each episode failing', async () => {
    const notes: string[] = [];
    const [agent] = await load([program('silly-hello', 'first(m)', { version: 7 })], 2000, (line) => notes.push(line));
    expect(agent).toBe('silly-hello');
    expect(notes[0]).toMatch(
      /at hello: the program speaks protocol version 7; this hearth speaks versions 1, 2; it runs as 'silly-hello'/,
    );
    await expect(continual(agent)).rejects.toThrow(
      /at hello, when the run started: the program speaks protocol version 7/,
    );
    // No such program at all: refused before anything runs.
    await expect(loadAgentItems(['exec:/no/such/program --flag'])).rejects.toThrow(InputError);
    await expect(loadAgentItems(['exec:/no/such/program --flag'])).rejects.toThrow(/no program '\/no\/such\/program'/);
  });

  it('ends an episodic task when the program answers done, and tells it why the episode ended', async () => {
    const [agent] = await load([
      program('done-at-two', 'if n == 3: send({"type": "done", "note": "enough"})\nelse: first(m)'),
    ]);
    const outcome = await runEpisodicEpisode({ agent, home: 'cottage', task: 'llm-state/open-fridge', seed: 0 });
    expect(outcome.steps).toHaveLength(2);
    expect(outcome.stopped).toBe(true);
    expect(outcome.score.sr).toBe(0);
    expect(outcome.agentStats).toEqual({ stderr: 'end done\n' });
    const limited = await runEpisodicEpisode({
      agent: registered[0],
      home: 'cottage',
      task: 'llm-state/open-fridge',
      seed: 0,
      maxSteps: 2,
    });
    expect(limited.agentStats).toEqual({ stderr: 'end limit\n' });
  });

  it.runIf(BUILT)('waits for a program that is slow to exit, holding its process open the while', async () => {
    // A program that lingers after its input ends: stopping it must not let hearth's own process end before it has.
    const slow = program('slow-exit', 'first(m)');
    writeFileSync(slow, `${readFileSync(slow, 'utf8')}time.sleep(0.5)\n`);
    const script = [
      `const { AgentProcess } = await import(${JSON.stringify(join(projectRoot, 'dist', 'agents', 'external', 'process.js'))});`,
      `const p = new AgentProcess({ argv: [${JSON.stringify(PYTHON)}, ${JSON.stringify(slow)}], cwd: '.', timeoutMs: 20000 });`,
      `await p.request(JSON.stringify({ type: 'hello', protocol: 'hearth-agent', versions: [1] }));`,
      'await p.stop(100);',
      "console.log('stopped');",
    ].join('\n');
    const child = spawnNode(['--input-type=module', '-e', script], { cwd: dir });
    const { code } = await child.exit;
    expect(code, child.stderr()).toBe(0);
    expect(child.stdout()).toBe('stopped\n');
  });

  it("the Python client answers each message as the protocol says, an agent's exception as an error", () => {
    // The client alone, fed lines in memory: a start and steps whose nodes come whole once, then as id and states.
    const script = `
import io, json, sys
sys.path.insert(0, ${JSON.stringify(join(projectRoot, 'examples', 'python'))})
from hearth_agent import Agent, DONE, call, run
class Probe(Agent):
    name = "probe"
    privileges = ("meanings",)
    def reset(self, task):
        self.task = task
    def act(self, view):
        if view.t == 0: return view.candidates[0]
        if view.t == 1: return ("put", 7, *view.held())
        if view.t == 2: return call("walk", 1, note=view.node(7)["className"] + " " + ",".join(view.node(7)["states"]))
        if view.t == 3: return DONE
        raise ValueError("no step 4")
obs = lambda nodes: {"characterId": 5, "roomId": 1, "nodes": nodes, "edges": [[5, "HOLDS_RH", 9]]}
mug = {"id": 7, "className": "mug", "category": "Props", "properties": ["GRABBABLE"], "states": ["CLEAN"]}
lines = [{"type": "hello", "protocol": "hearth-agent", "versions": [1]},
  {"type": "start", "protocol": "episodic", "seed": 4, "skillSet": "virtualhome", "skills": [{"name": "walk", "args": ["room or object"]}],
   "instructions": [{"id": "t", "text": "Wash the mug."}], "rooms": [[1, 2]], "observation": obs([mug]), "candidates": [{"skill": "walk", "args": [2]}]}]
lines += [{"type": "step", "t": t, "last": {"skill": "walk", "args": [2], "success": True}, "observation": obs([{"id": 7, "states": ["DIRTY"]}]), "candidates": []} for t in (1, 2, 3, 4)]
lines += [{"type": "end", "reason": "done"}]
out = io.BytesIO()
run(Probe(), io.BytesIO("".join(json.dumps(m) + "\\n" for m in lines).encode()), out)
sys.stdout.write(out.getvalue().decode())
`;
    const result = spawnSync(PYTHON!, ['-c', script], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers).toEqual([
      { type: 'hello', version: 1, name: 'probe', protocols: ['continual', 'episodic'], privileges: ['meanings'] },
      { type: 'act', skill: 'walk', args: [2] },
      { type: 'act', skill: 'put', args: [7, 9] },
      { type: 'act', skill: 'walk', args: [1], note: 'mug DIRTY' },
      { type: 'done' },
      { type: 'error', message: 'ValueError: no step 4' },
      { type: 'ok' },
    ]);
    expect(result.stderr).toContain('Traceback');
  });
});

/**
 * Version 2's messages as version 1 would have sent them: the test's own reading of the changes (docs/agent-protocol.md,
 * "Version 2"), kept apart from hearth's and the Python client's.
 */
function rebuildVersion1(messages: Record<string, unknown>[]): Record<string, unknown>[] {
  type Node = { id: number; states: string[]; className?: string };
  type Edge = [number, string, number];
  type Changes = {
    nodes: { set: Node[]; show: number[]; drop: number[] };
    edges: { add: Edge[]; drop: Edge[] };
  };
  const key = (edge: Edge) => edge.join(' ');
  const byEdge = (a: Edge, b: Edge) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || a[2] - b[2];
  // What the program knows: every node's states, which are in view, every edge shown and not dropped.
  const knowing = () => ({
    states: new Map<number, string[]>(),
    inView: new Set<number>(),
    edges: new Map<string, Edge>(),
  });
  let seen = knowing();
  let state = knowing();
  let table: unknown[] = [];
  const apply = (into: ReturnType<typeof knowing>, changes: Changes) => {
    for (const id of changes.nodes.drop) into.inView.delete(id);
    for (const id of changes.nodes.show) into.inView.add(id);
    for (const node of changes.nodes.set) [into.states.set(node.id, node.states), into.inView.add(node.id)];
    for (const edge of changes.edges.drop) into.edges.delete(key(edge));
    for (const edge of changes.edges.add) into.edges.set(key(edge), edge);
    // Version 1 sends a node whole the first time it is shown: when it comes in `set` with its class.
    const whole = new Map(changes.nodes.set.filter((node) => node.className !== undefined).map((n) => [n.id, n]));
    return {
      nodes: [...into.inView].sort((a, b) => a - b).map((id) => whole.get(id) ?? { id, states: into.states.get(id) }),
      edges: [...into.edges.values()]
        .filter(([from, , to]) => into.inView.has(from) && into.inView.has(to))
        .sort(byEdge),
    };
  };
  return messages.map((message) => {
    if (message.type !== 'start' && message.type !== 'step') return message;
    if (message.type === 'start') [seen, state, table] = [knowing(), knowing(), []];
    const {
      version: _version,
      newCandidates,
      candidates,
      observation,
      state: changes,
      ...rest
    } = message as {
      newCandidates: unknown[];
      candidates: number[];
      observation: Changes & Record<string, unknown>;
      state?: Changes;
    } & Record<string, unknown>;
    table.push(...newCandidates);
    return {
      ...rest,
      observation: { ...observation, ...apply(seen, observation) },
      candidates: candidates.map((id) => table[id]),
      ...(changes && { state: apply(state, changes) }),
    };
  });
}
