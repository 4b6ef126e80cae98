"""An agent that does something useful, written from docs/agent-protocol.md alone (without reading hearth's code).

It reads each instruction for one of two things, with the class names it has seen so far:

- a state to reach: "If the TV has been left off, switch it on.", "Keep the microwave open at all times.",
  "Switch off the light in bedroom.", "Open the fridge.";
- a thing to bring somewhere: "If the apple is not on the desk, put it there.", "Make sure all the mugs stay in the
  microwave.", "Put a book on the desk.", "Find a magazine, put it on a bed."

and keeps a map of what it has seen (where each thing lay, each node's states). At each step it serves the first
instruction it believes undone whose things it knows where to find: walks room by room to it, walks to it, and
grabs, puts, switches, opens or closes; with nothing to do it explores, the room it has not seen for longest first,
and once it has seen every room it opens closed containers to look inside. In an episodic task it answers done when
it has understood nothing it can do and has seen every room and container.

    npx hearth run --agents greedy-text,"exec:python3 examples/python/fetch_agent.py" --seeds 5
"""

import re
from collections import deque

from hearth_agent import DONE, Agent, call, run

DETERMINERS = {"the", "a", "an", "any", "all", "one", "some", "my", "of", "each", "every", "its", "their", "two",
               "three", "four", "five", "six", "2", "3"}
DESTINATION_WORDS = {"on": "ON", "onto": "ON", "in": "IN", "into": "IN", "inside": "IN"}
SWITCH_VERBS = {"switch", "turn", "switched", "turned"}
HEAT_VERBS = {"heat", "warm", "cook", "microwave"}


def singulars(word):
    """The word and the forms it may have as one thing: books -> book, boxes -> box, cherries -> cherry."""
    forms = [word]
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    return forms


class Goal:
    """What one instruction asks: a state of a class of things, or things of a class on or in a class of host."""

    def __init__(self, kind, thing, all_things, want=None, relation=None, host=None, room=None):
        self.kind = kind            # "state" or "place"
        self.thing = thing          # class name
        self.all = all_things       # every one of them, or one
        self.want = want            # "ON", "OFF", "OPEN", "CLOSED" (state)
        self.relation = relation    # "ON" or "IN" (place)
        self.host = host            # class name (place)
        self.room = room            # a room class the thing must be in ("the light in bedroom")

    def __repr__(self):
        return "Goal(%s %s %s %s %s)" % (self.kind, self.thing, self.want, self.relation, self.host)


def read_goals(text, classes, room_classes, properties):
    """The goals of one text, as far as the known class names let it be read (an empty list if nothing).

    `properties(cls)`: the properties seen on nodes of that class (a thing to carry must be GRABBABLE, a thing to
    switch must have HAS_SWITCH, one to open or close CAN_OPEN).
    """
    words = re.findall(r"[a-z0-9]+", text.lower())
    mentions = []  # (index of first word, class, plural)
    i = 0
    while i < len(words):
        found = None
        for length in (3, 2, 1):
            if i + length > len(words):
                continue
            joined = "".join(words[i:i + length])
            for form in singulars(joined):
                if form in classes:
                    found = (i, length, form, form != joined)
                    break
            if found:
                break
        if found:
            mentions.append((found[0], found[2], found[3]))
            i += found[1]
        else:
            i += 1
    if not mentions:
        return []

    def word_before(index):
        k = index - 1
        while k >= 0 and words[k] in DETERMINERS:
            k -= 1
        return words[k] if k >= 0 else None

    def every(index, plural):
        return plural or any(w in ("all", "any", "every", "each") for w in words[max(0, index - 3):index])

    room = None
    host = None
    relation = None
    things = []  # (index, class, every)
    for index, cls, plural in mentions:
        before = word_before(index)
        if cls in room_classes:
            if before in DESTINATION_WORDS:
                room = cls
            continue
        if before in DESTINATION_WORDS and host is None and things:
            host, relation = cls, DESTINATION_WORDS[before]
        elif host is None:
            things.append((index, cls, every(index, plural)))

    # The state asked for: the last cue in the text is what to do ("If the cabinet has been left open, close it").
    want, at = None, -1
    for k, word in enumerate(words):
        cue = None
        if word in ("on", "off") and any(w in SWITCH_VERBS for w in words[max(0, k - 3):k]):
            cue = "ON" if word == "on" else "OFF"
        elif word == "open" and (k == 0 or words[k - 1] not in ("left", "been", "is", "are")):
            cue = "OPEN"
        elif word == "close":
            cue = "CLOSED"
        elif word == "use":
            cue = "ON"
        if cue is not None and k >= at:
            want, at = cue, k

    carried = [(index, cls, all_) for index, cls, all_ in things if "GRABBABLE" in properties(cls)]
    goals = []
    if host is not None and carried:
        for _, cls, all_ in carried:
            goals.append(Goal("place", cls, all_, relation=relation, host=host, room=room))
    elif any(w in HEAT_VERBS for w in words) and carried and len(things) >= 2:
        # "Heat milk with microwave": the food in the appliance, the appliance on.
        food, appliance = carried[0][1], things[-1][1]
        if food != appliance:
            goals.append(Goal("place", food, False, relation="IN", host=appliance))
            goals.append(Goal("state", appliance, False, want="ON"))
    elif want is not None:
        needs = "HAS_SWITCH" if want in ("ON", "OFF") else "CAN_OPEN"
        for _, cls, all_ in things:
            if needs in properties(cls):
                goals.append(Goal("state", cls, all_, want=want, room=room))
                break
    return goals


class FetchAgent(Agent):
    name = "fetch"
    description = "reads what to fetch, switch, open or close and where; explores room by room and does it"

    def reset(self, task):
        self.task = task
        self.rooms = task.rooms
        self.known = {}        # id -> node as last seen
        self.room_of = {}      # id -> room it was last seen in (None: lost)
        self.host_of = {}      # id -> (relation, host id) it was last seen ON / INSIDE (not rooms)
        self.seen_room = {}    # room id -> step it was last in view from inside
        self.looked_in = set() # containers opened to look inside
        self.failed = {}       # (skill, args) -> step it last failed
        self.goals = []
        self.serving = None    # the index of the goal served last
        self.parsed_with = 0   # how many classes were known when the texts were read

    # ---- what the agent believes ------------------------------------------------------------------------------------

    def update(self, view):
        self.view = view
        self.t = view.t
        if view.last is not None and not view.last["success"]:
            self.failed[(view.last["skill"], tuple(view.last["args"]))] = view.t
        in_view = set(view.nodes)
        for node_id, node in view.nodes.items():
            self.known[node_id] = node
            if node["category"] != "Rooms":
                self.room_of[node_id] = None
        rooms = {n for n, node in self.known.items() if node["category"] == "Rooms"}
        hosts = {}
        for source, relation, target in view.edges:
            if relation == "INSIDE" and target in rooms and source not in rooms:
                self.room_of[source] = target
            elif relation in ("ON", "INSIDE") and target not in rooms:
                hosts.setdefault(source, (("ON" if relation == "ON" else "IN"), target))
        for node_id in in_view:
            if node_id in hosts:
                self.host_of[node_id] = hosts[node_id]
            elif self.known[node_id]["category"] != "Rooms":
                self.host_of.pop(node_id, None)
        for held in view.held():
            self.room_of[held] = view.room
            self.host_of.pop(held, None)
        self.seen_room[view.room] = view.t
        # What was believed in this room and is not in view is gone, unless hidden in a closed container.
        for node_id, room in list(self.room_of.items()):
            if room == view.room and node_id not in in_view:
                host = self.host_of.get(node_id)
                hidden = host is not None and "CLOSED" in self.known.get(host[1], {}).get("states", [])
                if not hidden:
                    self.room_of[node_id] = None
        classes = {node["className"] for node in self.known.values()}
        if len(classes) > self.parsed_with:
            room_classes = {node["className"] for node in self.known.values() if node["category"] == "Rooms"}
            properties = {}
            for node in self.known.values():
                properties.setdefault(node["className"], set()).update(node["properties"])
            self.goals = [goal for text in self.task.texts
                          for goal in read_goals(text, classes, room_classes, lambda c: properties.get(c, set()))]
            self.parsed_with = len(classes)

    def instances(self, cls, room_cls=None):
        out = []
        for node_id in sorted(self.known):
            node = self.known[node_id]
            if node["className"] != cls or self.room_of.get(node_id) is None:
                continue
            if room_cls is not None and self.known[self.room_of[node_id]]["className"] != room_cls:
                continue
            out.append(node_id)
        return out

    def satisfied(self, goal, node_id):
        if goal.kind == "state":
            return goal.want in self.known[node_id]["states"]
        host = self.host_of.get(node_id)
        return host is not None and host[0] == goal.relation and self.known[host[1]]["className"] == goal.host

    # ---- moving ------------------------------------------------------------------------------------------------------

    def allowed(self, skill, *args):
        wanted = {"skill": skill, "args": list(args)}
        if wanted not in self.view.candidates:
            return False
        return self.t - self.failed.get((skill, tuple(args)), -100) > 10

    def close_to(self, node_id):
        me = self.view.me
        return any(s == me and r == "CLOSE" and o == node_id for s, r, o in self.view.edges)

    def next_room(self, target):
        """The first room on a shortest way to `target` (BFS over the floor plan)."""
        start = self.view.room
        parent = {start: None}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            if room == target:
                break
            for other in self.rooms.get(room, []):
                if other not in parent:
                    parent[other] = room
                    queue.append(other)
        if target not in parent:
            return None
        while parent[target] != start:
            target = parent[target]
        return target

    def go_to(self, node_id, why):
        """One step towards being close to a node: the next room, or the node in this room (None when close)."""
        room = self.room_of.get(node_id)
        if room is None or self.close_to(node_id):
            return None
        if room != self.view.room:
            step = self.next_room(room)
            return call("walk", step, note=why) if step is not None and self.allowed("walk", step) else None
        if self.allowed("walk", node_id):
            return call("walk", node_id, note=why)
        return None

    # ---- deciding ----------------------------------------------------------------------------------------------------

    def act(self, view):
        self.update(view)
        held = view.held()
        # The goal served last step first, so that two goals do not pull the agent back and forth.
        order = sorted(range(len(self.goals)), key=lambda k: (k != self.serving, k))
        for k in order:
            action = self.serve(self.goals[k], held)
            if action is not None:
                self.serving = k
                return action
        self.serving = None
        if held:
            # Hands full of something no instruction wants here: set it down to free them.
            for candidate in view.candidates:
                if candidate["skill"] in ("put", "putin") and candidate["args"][0] in held and \
                        self.allowed(candidate["skill"], *candidate["args"]):
                    return call(candidate["skill"], *candidate["args"], note="freeing a hand")
        return self.explore()

    def serve(self, goal, held):
        if goal.kind == "state":
            targets = [n for n in self.instances(goal.thing, goal.room) if not self.satisfied(goal, n)]
            if not goal.all and any(self.satisfied(goal, n) for n in self.instances(goal.thing, goal.room)):
                return None
            skill = {"ON": "switchon", "OFF": "switchoff", "OPEN": "open", "CLOSED": "close"}[goal.want]
            for target in targets:
                if self.close_to(target) and self.allowed(skill, target):
                    return call(skill, target, note="%s %s" % (skill, goal.thing))
                action = self.go_to(target, "to %s %s" % (skill, goal.thing))
                if action is not None:
                    return action
            return None
        # place
        things = self.instances(goal.thing, goal.room)
        pending = [n for n in things if not self.satisfied(goal, n)]
        if not goal.all and len(pending) < len(things):
            return None
        hosts = self.instances(goal.host)
        carried = [n for n in held if self.known[n]["className"] == goal.thing]
        if carried:
            thing = carried[0]
            for host in hosts:
                states = self.known[host]["states"]
                if goal.relation == "IN" and "CLOSED" in states:
                    # An appliance that is on cannot be opened: switch it off first.
                    skill = "switchoff" if "ON" in states else "open"
                    if self.close_to(host) and self.allowed(skill, host):
                        return call(skill, host, note="%s the %s to put the %s in" % (skill, goal.host, goal.thing))
                elif self.close_to(host):
                    order = ("putin", "put") if goal.relation == "IN" else ("put", "putin")
                    for skill in order:
                        if self.allowed(skill, thing, host):
                            return call(skill, thing, host, note="%s the %s" % (skill, goal.thing))
                action = self.go_to(host, "bringing the %s to the %s" % (goal.thing, goal.host))
                if action is not None:
                    return action
            return None
        # One thing at a time: a hand stays free to open the host.
        if held or not hosts:
            return None
        for thing in pending:
            if self.close_to(thing) and self.allowed("grab", thing):
                return call("grab", thing, note="taking the %s" % goal.thing)
            action = self.go_to(thing, "fetching the %s" % goal.thing)
            if action is not None:
                return action
        return None

    def explore(self):
        view = self.view
        rooms = sorted(n for n, node in self.known.items() if node["category"] == "Rooms")
        unseen = [room for room in rooms if room not in self.seen_room]
        if not unseen:
            # Every room seen: look inside the closed containers of this room.
            for node_id in sorted(view.nodes):
                node = view.nodes[node_id]
                if node_id in self.looked_in or "CLOSED" not in node["states"]:
                    continue
                if "CONTAINERS" not in node["properties"] or "CAN_OPEN" not in node["properties"]:
                    continue
                if self.close_to(node_id) and self.allowed("open", node_id):
                    self.looked_in.add(node_id)
                    return call("open", node_id, note="looking inside")
                if self.allowed("walk", node_id):
                    return call("walk", node_id, note="to look inside")
            if self.task.protocol == "episodic" and not self.goals and self.everything_looked_at():
                return DONE
        target = min((room for room in rooms if room != view.room),
                     key=lambda room: (self.seen_room.get(room, -1), room), default=None)
        if target is not None:
            step = self.next_room(target)
            if step is not None and self.allowed("walk", step):
                return call("walk", step, note="exploring")
        for candidate in view.candidates:
            if candidate["skill"] == "walk" and self.allowed("walk", *candidate["args"]):
                return candidate
        return view.candidates[0] if view.candidates else DONE

    def everything_looked_at(self):
        for node_id, node in self.known.items():
            if self.room_of.get(node_id) is None or node_id in self.looked_in:
                continue
            if "CLOSED" in node["states"] and "CONTAINERS" in node["properties"] and "CAN_OPEN" in node["properties"]:
                return False
        return True


if __name__ == "__main__":
    run(FetchAgent())
