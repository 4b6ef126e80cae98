"""A client of hearth's agent protocol, versions 1 and 2 (docs/agent-protocol.md): standard library only, Python 3.8+.

Write a class with reset(task) and act(view), and hand an instance to run():

    from hearth_agent import Agent, run

    class FirstCandidate(Agent):
        name = "first-candidate"

        def reset(self, task):
            self.texts = task.texts

        def act(self, view):
            return view.candidates[0]

    if __name__ == "__main__":
        run(FirstCandidate())

and run it beside hearth's agents: npx hearth run --agents random,"exec:python3 first_candidate.py".

Copy this file beside your agent; it has no dependencies. It speaks version 2 with a hearth that does (a step's
observation and candidates come as changes, which it applies), and version 1 otherwise: either way an agent sees
the same Task and Views.
"""

import json
import sys
import traceback

PROTOCOL = "hearth-agent"
VERSIONS = (1, 2)

__all__ = ["Agent", "Task", "View", "DONE", "call", "done", "run"]


class Agent:
    """What run() drives. Subclasses set `name` and write reset() and act()."""

    name = None
    description = None
    protocols = ("continual", "episodic")
    privileges = ()

    def reset(self, task):
        """A new episode begins (`task`: a Task)."""

    def act(self, view):
        """What to do now (`view`: a View): a skill call, or DONE."""
        raise NotImplementedError("write act(view) in your agent")

    def end(self, reason):
        """The episode is over: "goal", "limit" or "done"."""


class Task:
    """The start of an episode, as the start message gives it."""

    __slots__ = ("message", "protocol", "seed", "skill_set", "skills", "instructions", "texts", "rooms",
                 "meanings", "goal")

    def __init__(self, message):
        self.message = message
        self.protocol = message["protocol"]
        self.seed = message["seed"]
        self.skill_set = message["skillSet"]
        self.skills = {skill["name"]: list(skill["args"]) for skill in message["skills"]}
        self.instructions = list(message["instructions"])
        self.texts = [instruction["text"] for instruction in self.instructions]
        rooms = {}
        for a, b in message["rooms"]:
            rooms.setdefault(a, []).append(b)
            rooms.setdefault(b, []).append(a)
        self.rooms = {room: sorted(neighbours) for room, neighbours in rooms.items()}
        self.meanings = message.get("meanings")
        self.goal = message.get("goal")


class View:
    """What the agent sees at one step: the observation of a start or step message, with its candidates.

    hearth sends a node's className, category and properties (which never change) the first time it shows the node
    in an episode, and later only its id and states (and in version 2 only the nodes, edges and candidates that
    changed): `nodes`, `node()`, `of_class()`, `edges` and `candidates` are whole either way.
    """

    __slots__ = ("message", "t", "me", "room", "candidates", "last", "_known", "_seen", "_edges", "_true", "_state",
                 "_list", "_nodes")

    def __init__(self, message, known, seen, candidates, true=None):
        observation = message["observation"]
        self.message = message
        self.t = message.get("t", 0)
        self.me = observation["characterId"]
        self.room = observation["roomId"]
        self.candidates = candidates
        self.last = message.get("last")
        self._known = known      # node id -> the node as first shown in the episode
        self._seen = seen        # (states by node id, the ids in view, the edges: a list as sent in version 1, else
                                 # the known (from, relation, to), of which those between nodes in view are shown)
        self._edges = None
        self._true = true        # with true-state: the same of the true home
        self._state = None
        self._list = None
        self._nodes = None

    def _whole(self):
        if self._list is None:
            self._list = _whole_nodes(self._known, self._seen)
        return self._list

    @property
    def nodes(self):
        """The nodes in view, by id (sorted by id), each with its className, category, properties and states."""
        if self._nodes is None:
            self._nodes = {node["id"]: node for node in self._whole()}
        return self._nodes

    @property
    def edges(self):
        """The edges between nodes in view, each [from, relation, to], sorted."""
        if self._edges is None:
            self._edges = _edge_list(self._seen)
        return self._edges

    @property
    def state(self):
        """With true-state, every node and edge of the true home ({"nodes", "edges"}); else None."""
        if self._state is None and self._true is not None:
            self._state = {"nodes": _whole_nodes(self._known, self._true), "edges": _edge_list(self._true)}
        return self._state

    def node(self, node_id):
        return self.nodes.get(node_id)

    def of_class(self, class_name):
        """The nodes of that class in view, sorted by id."""
        return [node for node in self._whole() if node["className"] == class_name]

    def held(self):
        """The ids of what the agent holds."""
        return sorted(to for source, relation, to in self.edges
                      if source == self.me and relation in ("HOLDS_RH", "HOLDS_LH"))

    def where(self, node_id):
        """The (relation, to) pairs of the node's ON and INSIDE edges."""
        return [(relation, to) for source, relation, to in self.edges
                if source == node_id and relation in ("ON", "INSIDE")]


def _whole_nodes(known, seen):
    """The nodes in view, sorted by id, each whole: its fixed fields as first shown, its states as last shown."""
    states, in_view, _ = seen
    nodes = []
    for node_id in sorted(in_view):
        node = known[node_id]
        node_states = states[node_id]
        nodes.append(node if node["states"] is node_states else dict(node, states=node_states))
    return nodes


def _edge_list(seen):
    """The edges between nodes in view as version 1 sends them: [from, relation, to] lists, sorted."""
    _, in_view, edges = seen
    if isinstance(edges, list):
        return edges
    return [list(edge) for edge in sorted(edge for edge in edges if edge[0] in in_view and edge[2] in in_view)]


def _as_sent(listed, known):
    """Version 1's nodes and edges, as a View takes them: (states by id, the ids in view, the edges)."""
    states = {}
    for node in listed["nodes"]:
        if "className" in node:
            known[node["id"]] = node
        states[node["id"]] = node["states"]
    return states, states, listed["edges"]


class _Known:
    """Version 2: what the agent knows of the observation's nodes and edges (or with true-state of the true home's),
    as a start's and the steps' changes leave it: every node's states and every edge shown in the episode (and not
    dropped), and which nodes are in view."""

    __slots__ = ("states", "in_view", "edges")

    def __init__(self):
        self.states = {}              # node id -> states last shown
        self.in_view = frozenset()    # node ids
        self.edges = frozenset()      # (from, relation, to)

    def apply(self, changes, known):
        """Applies a message's {"nodes": {"set", "show", "drop"}, "edges": {"add", "drop"}}: (states, in view, edges).

        What changes is copied first, so that a View an agent keeps goes on showing its own step."""
        nodes, edges = changes["nodes"], changes["edges"]
        states, in_view, known_edges = self.states, self.in_view, self.edges
        if nodes["set"]:
            states = dict(states)
            for node in nodes["set"]:
                if "className" in node:
                    known[node["id"]] = node
                states[node["id"]] = node["states"]
        if nodes["drop"]:
            in_view = in_view.difference(nodes["drop"])
        if nodes["show"] or nodes["set"]:
            in_view = in_view.union(nodes["show"], [node["id"] for node in nodes["set"]])
        if edges["drop"]:
            known_edges = known_edges.difference(map(tuple, edges["drop"]))
        if edges["add"]:
            known_edges = known_edges.union(map(tuple, edges["add"]))
        self.states, self.in_view, self.edges = states, in_view, known_edges
        return states, in_view, known_edges


class _Episode:
    """What one episode has shown the agent: each node's fixed fields, and in version 2 what its changes apply to and
    the candidates by id."""

    __slots__ = ("version", "known", "seen", "true", "candidates")

    def __init__(self, version):
        self.version = version
        self.known = {}           # node id -> the node as first shown in this episode
        self.seen = _Known()
        self.true = _Known()
        self.candidates = []      # version 2: candidate id -> {"skill", "args"}

    def view(self, message):
        """The View of a start or step message."""
        known = self.known
        observation = message["observation"]
        if self.version == 1:
            # What is new is remembered now, whether or not the agent looks at it.
            seen = _as_sent(observation, known)
            true = _as_sent(message["state"], known) if "state" in message else None
            return View(message, known, seen, message["candidates"], true)
        seen = self.seen.apply(observation, known)
        true = self.true.apply(message["state"], known) if "state" in message else None
        table = self.candidates
        table.extend(message["newCandidates"])
        # The table's own entries, shared by the steps that offer them: an agent treats candidates as read-only.
        return View(message, known, seen, [table[i] for i in message["candidates"]], true)


class _Done:
    __slots__ = ("note",)

    def __init__(self, note=None):
        self.note = note

    def __repr__(self):
        return "DONE"


DONE = _Done()


def done(note=None):
    """The episodic task is done (or given up): no skill runs, the episode is scored as the world is."""
    return _Done(note)


def call(skill, *args, note=None):
    """A skill call: call("put", 78, 71), with an optional note kept in the trace."""
    answer = {"skill": skill, "args": list(args)}
    if note is not None:
        answer["note"] = note
    return answer


def _answer(action):
    """What act() returned, as the line's message."""
    if isinstance(action, _Done):
        return {"type": "done"} if action.note is None else {"type": "done", "note": str(action.note)}
    if isinstance(action, str) and action == "done":
        return {"type": "done"}
    if isinstance(action, dict):
        message = {"type": "act", "skill": action["skill"], "args": [int(a) for a in action["args"]]}
        if action.get("note") is not None:
            message["note"] = str(action["note"])
        return message
    if isinstance(action, (tuple, list)) and action and isinstance(action[0], str):
        return {"type": "act", "skill": action[0], "args": [int(a) for a in action[1:]]}
    raise TypeError("act() must return a skill call ({'skill', 'args'}, a tuple such as ('walk', 12)) or DONE, "
                    "not %r" % (action,))


def _error(exc):
    traceback.print_exc(file=sys.stderr)
    sys.stderr.flush()
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return {"type": "error", "message": text[-2000:]}


def run(agent, stdin=None, stdout=None):
    """Answers hearth's lines until its input ends."""
    if not agent.name:
        raise ValueError("the agent needs a name (lower-case letters, digits and dashes)")
    # A large buffer: a step's line (several kilobytes) is read in one system call.
    read = (stdin or open(sys.stdin.fileno(), "rb", buffering=1 << 16, closefd=False)).readline
    out = stdout or sys.stdout.buffer
    write = out.write
    flush = out.flush
    loads = json.loads
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    episode = None
    while True:
        line = read()
        if not line:
            return
        if not line.strip():
            continue
        message = loads(line)
        kind = message.get("type")
        try:
            if kind == "start":
                episode = _Episode(message.get("version", 1))
                agent.reset(Task(message))
                answer = _answer(agent.act(episode.view(message)))
            elif kind == "step":
                answer = _answer(agent.act(episode.view(message)))
            elif kind == "end":
                agent.end(message.get("reason"))
                answer = {"type": "ok"}
            elif kind == "hello":
                offered = message.get("versions", [])
                both = [version for version in VERSIONS if version in offered]
                if not both:
                    raise RuntimeError("hearth speaks versions %r; this client speaks %r" % (offered, list(VERSIONS)))
                answer = {"type": "hello", "name": agent.name}
                # A hearth of version 1 knows only the form with one version; a later one picks the highest of a list.
                if max(both) >= 2:
                    answer["versions"] = list(VERSIONS)
                else:
                    answer["version"] = 1
                if agent.description:
                    answer["description"] = agent.description
                answer["protocols"] = list(agent.protocols)
                answer["privileges"] = list(agent.privileges)
            else:
                # A message this client does not know: ask hearth to fail the episode rather than guess.
                answer = {"type": "error", "message": "unknown message type %r" % (kind,)}
        except Exception as exc:  # the agent's own fault: the episode fails, the program goes on
            if kind == "hello":
                raise
            answer = _error(exc)
        write(dumps(answer).encode("utf-8") + b"\n")
        flush()
