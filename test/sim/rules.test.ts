import { describe, expect, it } from 'vitest';
import type { MissingSpec, RuleCondition, Subject } from '../../src/sim/actions/descriptors.js';
import { EXECUTABLE_ACTIONS } from '../../src/sim/actions/names.js';
import { ACTION_RULES } from '../../src/sim/actions/rules.js';
import { checkStep, executeStep } from '../../src/sim/executor.js';
import { graphToJson } from '../../src/sim/graph-io.js';
import { canonical, failing, home, ID, reason, run } from './fixtures.js';

describe('the rule table', () => {
  it('has a rule for every action the reference executes', () => {
    expect(Object.keys(ACTION_RULES).sort()).toEqual([...EXECUTABLE_ACTIONS].sort());
  });

  it('uses only known placeholders and subjects the rule can resolve', () => {
    for (const [action, rule] of Object.entries(ACTION_RULES)) {
      const bodies = 'branch' in rule ? [rule.branch.apply, rule.branch.otherwise] : [rule];
      for (const body of bodies) {
        for (const pre of body.pre) {
          for (const token of pre.message.matchAll(/\{(\w+)\}/g)) {
            expect(['char', '0', '1', 'charRoom', 'room0', 'origin'], `${action}: ${pre.message}`).toContain(token[1]);
          }
          if (pre.kind !== 'missing_step') expect(pre.missing, `${action}: ${pre.message}`).toBeUndefined();
          const subjects = [...conditionSubjects(pre.require), ...(pre.missing ?? []).flatMap(missingSubjects)];
          if (action !== 'PUTBACK' && action !== 'PUTIN' && action !== 'POUR') expect(subjects).not.toContain(1);
        }
      }
    }
  });
});

function conditionSubjects(c: RuleCondition): Subject[] {
  switch (c.test) {
    case 'not':
      return conditionSubjects(c.condition);
    case 'any':
    case 'all':
      return c.conditions.flatMap(conditionSubjects);
    case 'edge':
      return [c.from, c.to];
    case 'close':
    case 'facing':
      return [c.to];
    case 'holds':
      return [c.what];
    case 'same':
      return [c.a, c.b];
    case 'holdsAnything':
    case 'holdsClassContaining':
    case 'freeHand':
    case 'originRelation':
      return [];
    default:
      return [c.of];
  }
}

function missingSubjects(m: MissingSpec): Subject[] {
  return 'edge' in m ? [m.edge[0], ...(m.edge[2] === 'anything' ? [] : [m.edge[2]])] : [m.state[0]];
}

describe('WALK, RUN and FIND', () => {
  it('moves the character to the room of the target and next to it', () => {
    const g = home();
    run(g, '[WALK] <tv> (22)');
    expect([...g.targets(ID.char, 'INSIDE')]).toEqual([ID.living]);
    expect(g.hasEdge(ID.char, 'CLOSE', ID.tv) && g.hasEdge(ID.tv, 'CLOSE', ID.char)).toBe(true);
    run(g, '[RUN] <fridge> (11)');
    expect([...g.targets(ID.char, 'INSIDE')]).toEqual([ID.kitchen]);
    expect(g.hasEdge(ID.char, 'CLOSE', ID.tv) || g.hasEdge(ID.tv, 'CLOSE', ID.char)).toBe(false);
    // The fridge can be opened, so the character is also close to what is inside it.
    expect(g.hasEdge(ID.char, 'CLOSE', ID.milk)).toBe(true);
  });

  it('makes the character close to what the target lies on, not to what lies on the target', () => {
    const g = home();
    run(g, '[WALK] <plate> (19)');
    expect(g.hasEdge(ID.char, 'CLOSE', ID.table)).toBe(true);
    expect(g.hasEdge(ID.char, 'CLOSE', ID.apple)).toBe(false);
  });

  it('walking to a room only puts the character in it', () => {
    const g = home();
    run(g, '[WALK] <bedroom> (30)');
    expect([...g.targets(ID.char, 'INSIDE')]).toEqual([ID.bedroom]);
    expect(g.targets(ID.char, 'CLOSE').size).toBe(0);
  });

  it('keeps a held object INSIDE the room the walk started from (reference quirk)', () => {
    const g = home();
    run(g, '[WALK] <mug> (14)', '[GRAB] <mug> (14)', '[WALK] <tv> (22)');
    expect([...g.targets(ID.mug, 'INSIDE')]).toEqual([ID.kitchen]);
    expect(g.hasEdge(ID.char, 'CLOSE', ID.mug)).toBe(true);
    run(g, '[WALK] <sofa> (21)');
    expect([...g.targets(ID.mug, 'INSIDE')]).toEqual([ID.living]);
  });

  it('refuses to walk while sitting', () => {
    const g = home();
    run(g, '[WALK] <sofa> (21)', '[SIT] <sofa> (21)');
    const r = failing(g, '[WALK] <tv> (22)');
    expect(r.error).toBe('<character> (1) is sitting when executing "[WALK] <tv> (22) [0]"');
    expect(r.errorKind).toBe('missing_step');
  });

  it('FIND walks to a far object but only turns to a near one', () => {
    const g = home();
    run(g, '[FIND] <coffeetable> (24)');
    expect([...g.targets(ID.char, 'INSIDE')]).toEqual([ID.living]);
    run(g, '[TURNTO] <sofa> (21)');
    // The remote lies on the coffee table the character is close to: near by the loose rule.
    run(g, '[FIND] <remotecontrol> (23)');
    expect(g.hasEdge(ID.char, 'CLOSE', ID.remote) && g.hasEdge(ID.remote, 'CLOSE', ID.char)).toBe(true);
    expect(g.targets(ID.char, 'FACING').size).toBe(0);
    expect(g.hasEdge(ID.char, 'CLOSE', ID.coffeetable)).toBe(true);
  });
});

describe('GRAB and putting things down', () => {
  it('needs the object close, reachable, grabbable and a free hand, in that order of checks', () => {
    const g = home();
    expect(reason(failing(g, '[GRAB] <sofa> (21)'))).toBe('<sofa> (21) is not grabbable');
    const far = failing(g, '[GRAB] <mug> (14)');
    expect(reason(far)).toBe('<character> (1) is not close to <mug> (14)');
    expect(far.errorKind).toBe('missing_step');
    run(g, '[WALK] <fridge> (11)');
    const closed = failing(g, '[GRAB] <milk> (15)');
    expect(reason(closed)).toBe('<milk> (15) is inside other closed thing');
    expect(closed.errorKind).toBe('missing_step');
  });

  it('takes the right hand first and detaches the object from where it lay', () => {
    const g = home();
    run(g, '[WALK] <mug> (14)', '[GRAB] <mug> (14)');
    expect(g.hasEdge(ID.char, 'HOLDS_RH', ID.mug)).toBe(true);
    expect(g.hasEdge(ID.mug, 'ON', ID.counter)).toBe(false);
    expect(g.hasEdge(ID.counter, 'CLOSE', ID.mug)).toBe(false);
    expect([...g.targets(ID.mug, 'INSIDE')]).toEqual([ID.kitchen]);
    run(g, '[WALK] <plate> (19)', '[GRAB] <plate> (19)');
    expect(g.hasEdge(ID.char, 'HOLDS_LH', ID.plate)).toBe(true);
    // The apple lay on the plate; grabbing the plate removes that edge too (edges into the object, both ways).
    expect(g.hasEdge(ID.apple, 'ON', ID.plate)).toBe(false);
    run(g, '[WALK] <book> (26)');
    const full = failing(g, '[GRAB] <book> (26)');
    expect(reason(full)).toBe('<character> (1) does not have a free hand');
    expect(full.missing).toEqual([{ negate: true, from: ID.char, relation: 'HOLDS', to: -1 }]);
  });

  it('remembers where a grabbed object came from until it is put down', () => {
    const g = home();
    run(g, '[WALK] <mug> (14)', '[GRAB] <mug> (14)');
    const again = failing(g, '[GRAB] <mug> (14)');
    expect(reason(again)).toBe('<mug> (14) already grabbed');
    expect(again.errorKind).toBe('additional_step');
    run(g, '[PUTOBJBACK] <mug> (14)');
    expect(g.hasEdge(ID.mug, 'ON', ID.counter)).toBe(true);
    expect(g.targets(ID.char, 'HOLDS_RH').size).toBe(0);
    const twice = failing(g, '[PUTOBJBACK] <mug> (14)');
    expect(reason(twice)).toBe('<mug> (14) not grabbed');
    expect(twice.errorKind).toBe('other');
    run(g, '[GRAB] <mug> (14)');
  });

  it('PUTBACK and PUTIN place the held object, PUTIN only into an open or unopenable container', () => {
    const g = home();
    run(g, '[WALK] <mug> (14)', '[GRAB] <mug> (14)', '[WALK] <fridge> (11)');
    expect(reason(failing(g, '[PUTIN] <mug> (14) <fridge> (11)'))).toBe('<fridge> (11) is not open or is not openable');
    expect(reason(failing(g, '[PUTBACK] <plate> (19) <fridge> (11)'))).toBe(
      '<character> (1) is not holding <plate> (19)',
    );
    expect(reason(failing(g, '[PUTBACK] <mug> (14) <sink> (16)'))).toBe('<character> (1) is not close to <sink> (16)');
    run(g, '[OPEN] <fridge> (11)', '[PUTIN] <mug> (14) <fridge> (11)');
    expect(g.hasEdge(ID.mug, 'INSIDE', ID.fridge)).toBe(true);
    expect(g.hasEdge(ID.mug, 'CLOSE', ID.fridge) && g.hasEdge(ID.fridge, 'CLOSE', ID.mug)).toBe(true);
    expect(g.hasEdge(ID.char, 'HOLDS_RH', ID.mug)).toBe(false);
    // It keeps its INSIDE edge to the room (reference quirk).
    expect(g.hasEdge(ID.mug, 'INSIDE', ID.kitchen)).toBe(true);
  });

  it('DROP leaves the object in the room; POUR of a held pourable goes INSIDE the recipient', () => {
    const g = home();
    run(g, '[WALK] <fridge> (11)', '[OPEN] <fridge> (11)', '[GRAB] <milk> (15)', '[WALK] <mug> (14)');
    expect(reason(failing(g, '[POUR] <milk> (15) <sofa> (21)'))).toBe('<sofa> (21) is not recipient');
    run(g, '[POUR] <milk> (15) <mug> (14)');
    expect(g.hasEdge(ID.milk, 'INSIDE', ID.mug)).toBe(true);
    expect(g.hasEdge(ID.char, 'HOLDS_RH', ID.milk)).toBe(true);
    run(g, '[DROP] <milk> (15)');
    expect(g.hasEdge(ID.char, 'HOLDS_RH', ID.milk)).toBe(false);
    expect(g.hasEdge(ID.milk, 'INSIDE', ID.kitchen)).toBe(true);
    expect(reason(failing(g, '[RELEASE] <milk> (15)'))).toBe('<character> (1) is not holding <milk> (15)');
  });
});

describe('state changes', () => {
  it('OPEN and CLOSE', () => {
    const g = home();
    expect(reason(failing(g, '[OPEN] <sofa> (21)'))).toBe('<sofa> (21) can not be opened');
    run(g, '[WALK] <fridge> (11)', '[OPEN] <fridge> (11)');
    expect(g.get(ID.fridge).states.has('OPEN')).toBe(true);
    expect(g.get(ID.fridge).states.has('CLOSED')).toBe(false);
    const again = failing(g, '[OPEN] <fridge> (11)');
    expect(reason(again)).toBe('<fridge> (11) is not closed');
    expect(again.errorKind).toBe('additional_step');
    run(g, '[CLOSE] <fridge> (11)');
    expect(reason(failing(g, '[CLOSE] <fridge> (11)'))).toBe('<fridge> (11) is not open');
    run(g, '[WALK] <stove> (13)', '[SWITCHON] <stove> (13)');
    expect(reason(failing(g, '[OPEN] <stove> (13)'))).toBe('<stove> (13) is still on');
  });

  it('OPEN needs a free hand, CLOSE does not', () => {
    const g = home();
    run(g, '[WALK] <mug> (14)', '[GRAB] <mug> (14)', '[WALK] <plate> (19)', '[GRAB] <plate> (19)');
    run(g, '[WALK] <fridge> (11)');
    expect(reason(failing(g, '[OPEN] <fridge> (11)'))).toBe('<character> (1) does not have a free hand');
    run(
      g,
      '[PUTBACK] <plate> (19) <fridge> (11)',
      '[OPEN] <fridge> (11)',
      '[GRAB] <plate> (19)',
      '[CLOSE] <fridge> (11)',
    );
  });

  it('SWITCHON, SWITCHOFF, PLUGIN and PLUGOUT', () => {
    const g = home();
    expect(reason(failing(g, '[SWITCHON] <mug> (14)'))).toBe('<mug> (14) does not have a switch');
    run(g, '[WALK] <tv> (22)', '[PLUGOUT] <tv> (22)');
    expect([...g.get(ID.tv).states].sort()).toEqual(['OFF', 'PLUGGED_OUT']);
    const unplugged = failing(g, '[SWITCHON] <tv> (22)');
    expect(reason(unplugged)).toBe('<tv> (22) is unplugged');
    expect(unplugged.errorKind).toBe('additional_step');
    expect(reason(failing(g, '[PLUGOUT] <tv> (22)'))).toBe('<tv> (22) is not plugged_in');
    run(g, '[PLUGIN] <tv> (22)', '[SWITCHON] <tv> (22)');
    expect(reason(failing(g, '[SWITCHON] <tv> (22)'))).toBe('<tv> (22) is not off');
    // Unplugging a device that is on: the reference records "still on" but lets the step succeed.
    const r = executeStep(g, '[PLUGOUT] <tv> (22)');
    expect(r.ok).toBe(true);
    expect(r.warnings).toEqual(['<tv> (22) is still on when executing "[PLUGOUT] <tv> (22) [0]"']);
    run(g, '[SWITCHOFF] <tv> (22)');
    expect([...g.get(ID.tv).states].sort()).toEqual(['OFF', 'PLUGGED_OUT']);
  });

  it('WIPE needs something in hand; WASH, RINSE and SCRUB only closeness; all make the object clean', () => {
    const g = home();
    run(g, '[WALK] <plate> (19)');
    expect(reason(failing(g, '[WIPE] <plate> (19)'))).toBe('<character> (1) does not hold anything in hands');
    run(g, '[RINSE] <plate> (19)');
    expect([...g.get(ID.plate).states]).toEqual(['CLEAN']);
    expect(reason(failing(g, '[SCRUB] <sofa> (21)'))).toBe('<character> (1) is not close to <sofa> (21)');
  });
});

describe('the character', () => {
  it('SIT, STANDUP (the character stays ON the seat), LIE, SLEEP and WAKEUP', () => {
    const g = home();
    run(g, '[WALK] <sofa> (21)');
    // Closeness is checked before the affordance.
    expect(reason(failing(g, '[SIT] <bed> (31)'))).toBe('<character> (1) is not close to <bed> (31)');
    run(g, '[WALK] <coffeetable> (24)');
    expect(reason(failing(g, '[SIT] <coffeetable> (24)'))).toBe('<coffeetable> (24) is not sittable');
    run(g, '[WALK] <sofa> (21)', '[SIT] <sofa> (21)');
    expect(g.hasEdge(ID.char, 'ON', ID.sofa)).toBe(true);
    expect(g.hasEdge(ID.char, 'FACING', ID.tv)).toBe(true); // the sofa faces the tv
    expect([...g.get(ID.char).states]).toEqual(['SITTING']);
    expect(reason(failing(g, '[SIT] <sofa> (21)'))).toBe('<character> (1) is sitting');
    run(g, '[SLEEP]', '[STANDUP]');
    expect(g.get(ID.char).states.size).toBe(0);
    expect(g.hasEdge(ID.char, 'ON', ID.sofa)).toBe(true);
    expect(reason(failing(g, '[STANDUP]'))).toBe('<character> (1) is not sitting');
    const awake = failing(g, '[WAKEUP]');
    expect(reason(awake)).toBe('<character> (1) is not lying or sitting');
    expect(awake.missing).toEqual([
      { negate: false, id: ID.char, state: 'LYING' },
      { negate: false, id: ID.char, state: 'SITTING' },
    ]);
    run(g, '[LIE] <sofa> (21)');
    expect([...g.get(ID.char).states]).toEqual(['LYING']);
    expect(reason(failing(g, '[LIE] <sofa> (21)'))).toBe('<character> (1) is lying');
  });

  it('refuses a seat that is full (occupancy by class, default 1)', () => {
    const g = home();
    g.addNode({ id: 40, className: 'chair', category: 'Furniture', properties: ['SITTABLE', 'SURFACES'] });
    g.addNode({ id: 41, className: 'pillow', category: 'Props', properties: ['GRABBABLE'] });
    g.addEdge(40, 'INSIDE', ID.kitchen);
    g.addEdge(41, 'INSIDE', ID.kitchen);
    g.addEdge(41, 'ON', 40);
    run(g, '[WALK] <chair> (40)');
    const full = failing(g, '[SIT] <chair> (40)');
    expect(reason(full)).toBe('Too many things on <chair> (40)');
    expect(full.errorKind).toBe('missing_step');
    run(g, '[GRAB] <pillow> (41)', '[SIT] <chair> (40)');
  });

  it('TURNTO has no precondition; LOOKAT and WATCH need facing, WATCH the same room', () => {
    const g = home();
    expect(reason(failing(g, '[LOOKAT] <fridge> (11)'))).toBe('<character> (1) does not face <fridge> (11)');
    run(g, '[TURNTO] <tv> (22)', '[LOOKAT] <tv> (22)', '[POINTAT] <tv> (22)');
    expect(reason(failing(g, '[WATCH] <tv> (22)'))).toBe('char room <kitchen> (10) is not node room <livingroom> (20)');
    expect(reason(failing(g, '[WATCH] <mug> (14)'))).toBe('<mug> (14) not lookable');
    run(g, '[WALK] <tv> (22)');
    expect(reason(failing(g, '[WATCH] <tv> (22)'))).toBe('<character> (1) does not face <tv> (22)');
    run(g, '[TURNTO] <tv> (22)', '[WATCH] <tv> (22)');
  });

  it('DRINK, READ, EAT, CUT, TYPE, GREET, PUSH, PULL, SQUEEZE', () => {
    const g = home();
    expect(reason(failing(g, '[DRINK] <sofa> (21)'))).toBe('<sofa> (21) is not drinkable or not recipient');
    expect(reason(failing(g, '[DRINK] <mug> (14)'))).toBe('<character> (1) is not holding <mug> (14)');
    expect(reason(failing(g, '[GREET] <tv> (22)'))).toBe('<tv> (22) is not person');
    run(g, '[WALK] <kitchentable> (18)');
    // The plate is not eatable, but an apple lies on it; nothing eatable lies on the table itself.
    run(g, '[EAT] <plate> (19)');
    expect(reason(failing(g, '[EAT] <kitchentable> (18)'))).toBe('none of object on <kitchentable> (18) is eatable');
    // The apple lies on the plate, not on the table: not close by the loose rule.
    expect(reason(failing(g, '[EAT] <apple> (25)'))).toBe('<character> (1) is not close to <apple> (25)');
    expect(reason(failing(g, '[CUT] <plate> (19)'))).toBe('<plate> (19) is not eatable');
    expect(reason(failing(g, '[TYPE] <plate> (19)'))).toBe('<plate> (19) does not have switch');
    // PUSH passes the affordance test for any object (reference precedence quirk); PULL does not.
    run(g, '[PUSH] <kitchentable> (18)');
    expect(reason(failing(g, '[PULL] <kitchentable> (18)'))).toBe('<kitchentable> (18) is not movable');
    expect(reason(failing(g, '[SQUEEZE] <plate> (19)'))).toBe('<plate> (19) is not clothes');
    run(g, '[WALK] <apple> (25)', '[EAT] <apple> (25)');
    expect(reason(failing(g, '[CUT] <apple> (25)'))).toBe('<character> (1) is not holding a knife');
    run(g, '[WALK] <book> (26)', '[GRAB] <book> (26)', '[READ] <book> (26)');
  });

  it('PUTON and PUTOFF clothes', () => {
    const g = home();
    run(g, '[WALK] <closet> (33)', '[OPEN] <closet> (33)', '[GRAB] <shirt> (34)', '[PUTON] <shirt> (34)');
    expect(g.hasEdge(ID.shirt, 'ON', ID.char)).toBe(true);
    expect(g.hasEdge(ID.char, 'HOLDS_RH', ID.shirt)).toBe(false);
    run(g, '[PUTOFF] <shirt> (34)');
    expect(g.hasEdge(ID.shirt, 'ON', ID.char)).toBe(false);
    expect(reason(failing(g, '[PUTOFF] <shirt> (34)'))).toBe('<shirt> (34) is not on <character> (1)');
  });
});

describe('executeStep and checkStep', () => {
  it('reports an id that is not in the graph as an unseen object', () => {
    const g = home();
    const r = failing(g, '[GRAB] <cup> (999)');
    expect(r.error).toBe('<cup> (999) cannot be found when executing "[GRAB] <cup> (999) [0]"');
    expect(r.errorKind).toBe('unseen_object');
  });

  it('fails actions the reference parses but cannot run', () => {
    const r = failing(home(), '[LOOKAT_SHORT] <tv> (22)');
    expect(reason(r)).toBe('Execution of LOOKAT_SHORT is not supported');
  });

  it('prints the step index in messages as the reference does', () => {
    const r = executeStep(home(), '[GRAB] <mug> (14)', { index: 16 });
    expect(r.error).toBe('<character> (1) is not close to <mug> (14) when executing "[GRAB] <mug> (14) [16]"');
  });

  it('checkStep answers without changing the graph', () => {
    const g = home();
    const before = JSON.stringify(graphToJson(g));
    expect(checkStep(g, '[WALK] <tv> (22)').ok).toBe(true);
    expect(checkStep(g, '[GRAB] <mug> (14)').errorKind).toBe('missing_step');
    // Not even the insertion order of edges changes.
    expect(JSON.stringify(graphToJson(g))).toBe(before);
  });

  it('a rolled-back step leaves no trace, the grab memo included', () => {
    const g = home();
    run(g, '[WALK] <mug> (14)');
    const before = canonical(g);
    const cp = g.checkpoint();
    run(g, '[GRAB] <mug> (14)');
    g.rollback(cp);
    expect(canonical(g)).toBe(before);
    run(g, '[GRAB] <mug> (14)');
  });
});
