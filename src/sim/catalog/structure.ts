/**
 * Rooms, the building's fixed parts and the character. Facts from VirtualHome's scenes: rooms have category Rooms
 * and no properties; doors can open (they start open in the shipped scenes), door jambs are open passages; each room
 * has a switchable, plugged-in light (`light` in the 2019 and EAI scenes, `lightswitch` in the 2.x Unity scenes).
 */
import { type ClassDef, ROOM_TYPES } from './types.js';

const everyRoom = [...ROOM_TYPES];

export const ROOMS: ClassDef[] = [
  { name: 'kitchen', category: 'Rooms', kind: 'room', properties: [] },
  {
    name: 'livingroom',
    category: 'Rooms',
    kind: 'room',
    properties: [],
    aliases: ['entrance_hall'],
  },
  { name: 'bedroom', category: 'Rooms', kind: 'room', properties: [] },
  { name: 'bathroom', category: 'Rooms', kind: 'room', properties: [] },
  { name: 'dining_room', category: 'Rooms', kind: 'room', properties: [] },
  { name: 'home_office', category: 'Rooms', kind: 'room', properties: [], aliases: ['office', 'study'] },
];

export const STRUCTURE: ClassDef[] = [
  { name: 'floor', category: 'Floor', kind: 'structure', properties: [], rooms: everyRoom },
  { name: 'wall', category: 'Walls', kind: 'structure', properties: [], rooms: everyRoom },
  { name: 'ceiling', category: 'Ceiling', kind: 'structure', properties: [], rooms: everyRoom },
  {
    name: 'door',
    category: 'Doors',
    kind: 'structure',
    properties: ['CAN_OPEN'],
    defaults: ['OPEN'],
    rooms: everyRoom,
    aliases: ['maindoor'],
  },
  { name: 'doorjamb', category: 'Doors', kind: 'structure', properties: [], rooms: everyRoom },
  { name: 'window', category: 'Windows', kind: 'structure', properties: ['CAN_OPEN'], rooms: everyRoom },
  {
    name: 'light',
    category: 'Electronics',
    kind: 'structure',
    properties: ['HAS_SWITCH', 'HAS_PLUG'],
    defaults: ['ON'],
    rooms: everyRoom,
    aliases: ['lightswitch', 'lighting'],
  },
  { name: 'powersocket', category: 'Electronics', kind: 'structure', properties: [], rooms: everyRoom },
];

export const AGENTS: ClassDef[] = [{ name: 'character', category: 'Characters', kind: 'agent', properties: [] }];
