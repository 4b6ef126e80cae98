/**
 * Where a chain of level-1 skills stands while it runs, open loop, one step at a time, in the world (the agent) or in
 * simulation (`chain.ts`). Each primitive is bound to what the character sees (`binding.ts`). A chain made in one
 * home walks to a room before the things it deals with there ("walk kitchen, walk apple, grab apple, ..."); the walk
 * means "where these things are", so:
 *
 * - a walk to a room is passed over when the thing the next primitive deals with is already in view (the apple is
 *   here, wherever "here" is);
 * - when a thing of the segment after a passed-over room walk is not in view, the chain walks to that room after all,
 *   and binds again there;
 * - when a thing of the segment after a room walk is not in view in the room it reached, and the home has another
 *   room of that class the chain has not been in, the chain walks on to it (the orchid in the other bedroom).
 */
import {
  type Bindings,
  type BindingView,
  type Bound,
  bindPrimitive,
  inView,
  isRoomWalk,
  walkTowards,
} from './binding.js';
import type { Primitive } from './primitives.js';

/** The class a primitive needs in view: its target (the destination of a put). */
const subjectOf = (primitive: Primitive) => primitive.objects[primitive.objects.length - 1];

export class ChainCursor {
  /** Primitives done. */
  index = 0;
  readonly bindings: Bindings = new Map();
  /** The room class of a room walk passed over, whose segment is still running. */
  private deferred: string | undefined;
  /** The room class the last room walk reached, and the rooms of that class the segment has been in. */
  private segment: string | undefined;
  private readonly looked = new Set<number>();

  constructor(readonly chain: readonly Primitive[]) {}

  get finished(): boolean {
    return this.index >= this.chain.length;
  }

  /** The next skill to take, `done` when the chain is complete, or why it cannot go on. */
  next(view: BindingView): Bound {
    const { scene, adjacent } = view;
    const here = scene.rooms.get(scene.roomId);
    while (this.index < this.chain.length) {
      const primitive = this.chain[this.index];
      if (isRoomWalk(primitive, scene)) {
        const room = primitive.objects[0];
        const following = this.chain[this.index + 1];
        const skip = here === room || (following && inView(subjectOf(following), scene));
        if (skip) {
          this.deferred = here === room ? undefined : room;
          this.reached(here === room ? room : undefined, scene.roomId);
          this.index++;
          continue;
        }
        this.deferred = undefined;
        return walkTowards(room, scene, adjacent);
      }
      if (this.deferred !== undefined && here === this.deferred) {
        this.deferred = undefined;
        this.reached(here, scene.roomId);
      }
      if (this.segment !== undefined && here === this.segment) this.looked.add(scene.roomId);
      const bound = bindPrimitive(primitive, view, this.bindings);
      if (bound.kind === 'fail' && bound.failure.kind === 'not-visible' && this.deferred !== undefined) {
        return walkTowards(this.deferred, scene, adjacent);
      }
      if (bound.kind === 'fail' && bound.failure.kind === 'not-visible' && this.segment !== undefined) {
        // Another room of the class the walk went to, not looked in yet.
        const onward = walkTowards(this.segment, scene, adjacent, this.looked);
        if (onward.kind === 'skill') return onward;
      }
      if (bound.kind === 'done') {
        this.index++;
        continue;
      }
      return bound;
    }
    return { kind: 'done' };
  }

  /** A room walk reached a room of class `room` (undefined: passed over elsewhere): the segment looks there. */
  private reached(room: string | undefined, id: number): void {
    if (room !== this.segment) this.looked.clear();
    this.segment = room;
    if (room !== undefined) this.looked.add(id);
  }

  /** The step `next` gave succeeded: a primitive other than a walk between rooms is done. */
  stepped(wasRoomWalk: boolean): void {
    if (!wasRoomWalk) this.index++;
  }
}
