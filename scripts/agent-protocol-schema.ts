/**
 * Writes the agent protocol's JSON Schema, one file per version (`schema/agent-protocol.v1.json`,
 * `schema/agent-protocol.v2.json`), from its zod schemas (src/agents/external/protocol.ts), the one place the protocol
 * is written. `test/agents/external/protocol.test.ts` fails when a file differs from what this writes.
 *
 * Run: npm run schema:agent-protocol
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { agentProtocolJsonSchema, PROTOCOL_VERSIONS } from '../src/agents/external/protocol.js';

for (const version of PROTOCOL_VERSIONS) {
  const file = fileURLToPath(new URL(`../schema/agent-protocol.v${version}.json`, import.meta.url));
  writeFileSync(file, `${JSON.stringify(agentProtocolJsonSchema(version), null, 2)}\n`);
  process.stdout.write(`wrote ${file}\n`);
}
