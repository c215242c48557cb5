// The endpoint table (the OpenAPI document, packages/core/src/contract/openapi/endpoint-table.ts)
// and the edge's routers name the same endpoints: every content route is documented,
// every documented `general` endpoint is routed, and each body's api_info.usage is the
// table's template.
import { ENDPOINTS, routedGetPaths } from '@ira/core/contract/openapi/endpoint-table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { getJson, startEdge, type Edge } from './testing/edge-harness.ts';

let edge: Edge;
let key: string;
beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 1_000 });
});
afterAll(() => edge.close());

const general = ENDPOINTS.filter((endpoint) => endpoint.category === 'general');

describe('the edge and the endpoint table', () => {
  it('routes exactly the general endpoints the document lists', () => {
    const routed = routedGetPaths(createApp(edge.config, edge.deps).middleware);
    expect(routed).toEqual(general.map((endpoint) => endpoint.path).sort());
  });

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
