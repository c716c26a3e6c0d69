import { describe, expect, it } from 'vitest';
import { contract, type CallName } from '#contract';
import { createTestUpstream } from './testing';

describe('createUpstreamApp', () => {
  it('serves every call in the contract', async () => {
    const up = await createTestUpstream();
    for (const name of Object.keys(contract) as CallName[]) {
      const { method, path } = contract[name];
      // Without an Accept header a served call answers 406; an unserved one would be 404 or 405.
      const response = await up.app.request(path, { method });
      expect(response.status, name).toBe(406);
    }
  });
});
