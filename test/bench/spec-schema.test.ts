/**
 * The field every protocol's spec may carry besides its own: the digest of an agent of the user's own that the run was
 * started with (`hearth run` writes it; the process that runs the episode checks its own agent against it).
 */
import { describe, expect, it } from 'vitest';
import { getProtocol } from '../../src/bench/protocols.js';
import { checkHandedSpec } from '../../src/bench/untrusted-spec.js';
import { FileRoots } from '../../src/util/file-roots.js';
import { CONTINUAL, EPISODIC } from '../helpers/hostile-jobs.js';

const files = FileRoots.of([process.cwd()], { hint: 'the test folder' });
const DIGEST = `sha256:${'0123456789abcdef'.repeat(4)}`;

describe("an own agent's digest in a spec", () => {
  for (const [protocol, spec] of [
    ['continual', CONTINUAL],
    ['episodic', EPISODIC],
  ] as const) {
    it(`is admitted in a ${protocol} spec when it is one, refused in one line when it is not`, () => {
      const base = { key: 'k', ...spec };
      expect(checkHandedSpec(getProtocol(protocol), { ...base, agentDigest: DIGEST }, files)).toMatchObject({
        agentDigest: DIGEST,
      });
      for (const bad of ['md5:abc', `${DIGEST}0`, 'sha256:../../etc/passwd', 7]) {
        expect(() => checkHandedSpec(getProtocol(protocol), { ...base, agentDigest: bad }, files)).toThrow(
          /^[^\n]*agentDigest/,
        );
      }
    });
  }
});
