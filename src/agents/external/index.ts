/**
 * Agents of a user's own (docs/agent-protocol.md): modules named by their path and programs that speak the agent
 * protocol, loaded by the process whose command line names them and registered there by their own names.
 */
export { commandWords } from './command.js';
export { loadModuleDefinition, type ModuleSource } from './module-agent.js';
export {
  AgentFault,
  askHello,
  type ProgramSource,
  programDefinition,
  stopIdleAgentProcesses,
} from './program-agent.js';
export { agentProtocolJsonSchema, PROTOCOL_NAME, PROTOCOL_VERSION } from './protocol.js';
export {
  type AgentSource,
  agentItemKind,
  checkAgentOfSpec,
  DEFAULT_AGENT_TIMEOUT_MS,
  fallbackName,
  type LoadOptions,
  loadAgentItems,
  registerAgentSources,
  unregisterAgentSources,
  userAgentDigest,
  userAgentsOf,
} from './sources.js';
