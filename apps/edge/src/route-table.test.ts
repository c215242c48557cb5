// The edge routes from the endpoint table (packages/core/src/contract/openapi/endpoint-table.ts;
// runtime/route-table.ts refuses to start when a handler and the table disagree): each of
// its endpoints answers with the table's usage template.
import { ENDPOINTS } from '@ira/core/contract/openapi/endpoint-table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from './testing/edge-harness.ts';

let edge: Edge;
let key: string;
beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 1_000 });
});
afterAll(() => edge.close());

const general = ENDPOINTS.filter((endpoint) => endpoint.service === 'edge');

describe('the edge and the endpoint table', () => {
  it.each(general.map((endpoint) => [endpoint.path, endpoint.usage]))(
    '%s answers with the usage template %s',
    async (path, usage) => {
      const concrete = path.replace('{number}', '1').replace('{day}', '1').replace('{id}', '2:255');
      const query = path.endsWith('/search') ? '?q=mercy' : path.endsWith('/verses') ? '?from=1:1' : '';
      const { status, body } = await getJson(`${edge.url}${concrete}${query}`, key);
      expect(status).toBe(200);
      expect(body.api_info.usage).toBe(usage);
    },
  );
});
