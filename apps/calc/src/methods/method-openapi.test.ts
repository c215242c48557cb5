// The OpenAPI document lists the `method` values by hand (packages/core/src/contract/openapi/
// service-paths.ts); every operation that takes `method` must offer exactly what
// parseMethod accepts: the registry's names and aliases, `auto` and the Aladhan ids, and the default.
import { openapiDocument } from '@ira/core/contract/openapi/document';
import type { Schema } from '@ira/core/contract/openapi/schemas';
import { describe, expect, it } from 'vitest';
import { AUTO_METHOD } from './method-choice.ts';
import { METHOD_DEFINITIONS } from './method-registry.ts';
import { DEFAULT_METHOD } from './methods.ts';

const ACCEPTED = [
  ...METHOD_DEFINITIONS.flatMap((m) => [m.name, ...(m.aliases ?? [])]),
  AUTO_METHOD,
  ...METHOD_DEFINITIONS.flatMap((m) => (m.aladhanId === null ? [] : [String(m.aladhanId)])),
].sort();

const methodParameters = Object.entries(openapiDocument.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Schema>).flatMap(([verb, operation]) =>
    ((operation.parameters ?? []) as Schema[])
      .filter((p) => p.name === 'method')
      .map((p) => [`${verb.toUpperCase()} ${path}`, p.schema as Schema] as const),
  ),
);

describe('the OpenAPI method enum follows the method registry', () => {
  it('is offered by the prayer-time operations', () => {
    expect(methodParameters.map(([operation]) => operation)).toContain('GET /api/v1/prayer-time');
  });

  it.each(methodParameters)(
    '%s lists the registry names and aliases, auto and the Aladhan ids',
    (_operation, schema) => {
      expect([...(schema.enum as string[])].sort()).toEqual(ACCEPTED);
      expect(schema.default).toBe(DEFAULT_METHOD);
    },
  );
});
