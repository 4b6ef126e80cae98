import { describe, expect, it } from 'vitest';
import {
  contactsConnect,
  findContacts,
  type PlannedRoom,
  planDoors,
  planFloor,
  sliceRooms,
} from '../../../src/sim/scenes/layout.js';
import { Rng } from '../../../src/util/rng.js';

const area = (room: PlannedRoom) => room.rect.w * room.rect.d;

describe('floor plans', () => {
  it('cuts the outline into rooms whose areas follow the requested ones and fill it', () => {
    const rooms = sliceRooms({ x: 0, z: 0, w: 10, d: 6 }, [
      { type: 'livingroom', area: 30, index: 0 },
      { type: 'kitchen', area: 15, index: 1 },
      { type: 'bathroom', area: 15, index: 2 },
    ]);
    expect(rooms.map((r) => r.type)).toEqual(['livingroom', 'kitchen', 'bathroom']);
    // Halves by area: the living room takes the left half of the long side, the rest splits the right half.
    expect(rooms[0].rect).toEqual({ x: 0, z: 0, w: 5, d: 6 });
    expect(rooms[1].rect).toEqual({ x: 5, z: 0, w: 5, d: 3 });
    expect(rooms[2].rect).toEqual({ x: 5, z: 3, w: 5, d: 3 });
    expect(rooms.reduce((sum, r) => sum + area(r), 0)).toBeCloseTo(60);
  });

  it('finds shared walls wide enough for a door, and only those', () => {
    const rooms: PlannedRoom[] = [
      { type: 'livingroom', rect: { x: 0, z: 0, w: 4, d: 4 } },
      { type: 'kitchen', rect: { x: 4, z: 0, w: 3, d: 4 } },
      // Touches the living room along 1 m only: too narrow for a doorway.
      { type: 'bathroom', rect: { x: 3, z: 4, w: 4, d: 2 } },
    ];
    const contacts = findContacts(rooms);
    expect(contacts).toEqual([
      { a: 0, b: 1, axis: 'z', at: 4, from: 0, to: 4 },
      { a: 1, b: 2, axis: 'x', at: 4, from: 4, to: 7 },
    ]);
    expect(contactsConnect(3, contacts)).toBe(true);
    expect(contactsConnect(3, contacts.slice(0, 1))).toBe(false);
  });

  it('plans doors that connect every room, with a bathroom reached only from outside itself', () => {
    for (let seed = 0; seed < 100; seed++) {
      const rng = new Rng(seed);
      const types = ['kitchen', 'livingroom', 'bedroom', 'bathroom', 'home_office', 'dining_room'] as const;
      const { rooms, contacts } = planFloor(types.slice(0, 4 + (seed % 3)), rng);
      const doors = planDoors(rooms, contacts, 1, rng);
      const joined = doors.map((d) => ({ a: d.a, b: d.b, axis: d.axis, at: 0, from: 0, to: 1 }));
      expect(contactsConnect(rooms.length, joined), `seed ${seed}`).toBe(true);
      for (const door of doors) {
        expect(
          contacts.some((c) => c.a === door.a && c.b === door.b),
          `seed ${seed}: door between non-adjacent rooms`,
        ).toBe(true);
        expect([door.a, door.b]).toContain(door.insideRoom);
        if (rooms[door.a].type === 'bathroom' || rooms[door.b].type === 'bathroom') expect(door.className).toBe('door');
      }
      const bathroom = rooms.findIndex((r) => r.type === 'bathroom');
      expect(doors.filter((d) => d.a === bathroom || d.b === bathroom)).toHaveLength(1);
    }
  });

  it('gives every room a usable shape', () => {
    for (let seed = 0; seed < 100; seed++) {
      const { rooms } = planFloor(
        ['kitchen', 'livingroom', 'bedroom', 'bathroom', 'bedroom', 'home_office'],
        new Rng(seed),
      );
      for (const room of rooms) expect(Math.min(room.rect.w, room.rect.d), `seed ${seed}`).toBeGreaterThanOrEqual(1.8);
    }
  });
});
