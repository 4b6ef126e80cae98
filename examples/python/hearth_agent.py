"""A client of hearth's agent protocol, version 1 (docs/agent-protocol.md): standard library only, Python 3.8+.

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

Copy this file beside your agent; it has no dependencies.
"""

import json
import sys
import traceback

PROTOCOL = "hearth-agent"
VERSION = 1

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
    in an episode, and later only its id and states: `nodes`, `node()` and `of_class()` give every node whole.
    """

    __slots__ = ("message", "t", "me", "room", "edges", "candidates", "last", "state", "_known", "_list", "_nodes")

    def __init__(self, message, known):
        observation = message["observation"]
        self.message = message
        self.t = message.get("t", 0)
        self.me = observation["characterId"]
        self.room = observation["roomId"]
        self.edges = observation["edges"]
        self.candidates = message["candidates"]
        self.last = message.get("last")
        self.state = message.get("state")
        self._known = known
        self._list = None
        self._nodes = None
        # What is new in this observation is remembered now, whether or not the agent looks at it.
        for node in observation["nodes"]:
            if "className" in node:
                known[node["id"]] = node

    def _whole(self):
        if self._list is None:
            known = self._known
            self._list = [node if "className" in node else dict(known[node["id"]], states=node["states"])
                          for node in self.message["observation"]["nodes"]]
        return self._list

    @property
    def nodes(self):
        """The nodes in view, by id (sorted by id), each with its className, category, properties and states."""
        if self._nodes is None:
            self._nodes = {node["id"]: node for node in self._whole()}
        return self._nodes

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
    known = {}  # node id -> the node as first shown in this episode (its fixed fields)
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
                known = {}
                agent.reset(Task(message))
                answer = _answer(agent.act(View(message, known)))
            elif kind == "step":
                answer = _answer(agent.act(View(message, known)))
            elif kind == "end":
                agent.end(message.get("reason"))
                answer = {"type": "ok"}
            elif kind == "hello":
                if VERSION not in message.get("versions", []):
                    raise RuntimeError("hearth speaks versions %r; this client speaks %d" % (message.get("versions"), VERSION))
                answer = {"type": "hello", "version": VERSION, "name": agent.name}
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
