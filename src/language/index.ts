/** Offline language understanding shared by the agents that read instruction texts without a model. */
export { type InstructionReading, type ParseResult, parseInstruction } from './grammar.js';
export { type GoalReading, readGoal } from './read-goal.js';
export { compileReading, type ReadInstruction, readInstruction, readInstructions } from './reading.js';
export { type GoalClasses, goalClasses, readTask, type TaskParse, type TaskReading } from './tasks.js';
