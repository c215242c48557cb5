// selfContainedSchema: a response schema carries the components it reaches and
// keeps property names that look like annotations. That it validates real
// answers (and refuses wrong ones) is newman's run: test/served-docs.test.ts.
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { selfContainedSchema } from './postman-schema.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('selfContainedSchema', () => {
  it('copies every component reached, directly or through another, and nothing else', () => {
    const schema = selfContainedSchema(openapiDocument, ref('QiblaResponse'));
    expect(Object.keys(schema.$defs as object).sort()).toEqual(
      expect.arrayContaining(['QiblaResponse', 'QiblaWrapped', 'QiblaFlat', 'QiblaResult', 'RateLimit']),
    );
    expect(schema.$defs).not.toHaveProperty('Verse');
    expect(JSON.stringify(schema)).not.toContain('#/components/');
  });

  it('follows refs into a component (#/components/schemas/Surah/properties/name)', () => {
    const schema = selfContainedSchema(openapiDocument, { $ref: '#/components/schemas/Surah/properties/name' });
    expect(schema.allOf).toEqual([{ $ref: '#/$defs/Surah/properties/name' }]);
  });

  it("puts a ref beside other keywords into allOf, where draft-07 validators (Postman's Ajv 6) apply it", () => {
    const schema = selfContainedSchema(openapiDocument, {
      ...ref('RateLimit'),
      properties: { remaining: { const: 0 } },
    });
    expect(schema).toMatchObject({ allOf: [{ $ref: '#/$defs/RateLimit' }], properties: { remaining: { const: 0 } } });
  });

  it('drops annotations but keeps properties named like them', () => {
    const schema = selfContainedSchema(openapiDocument, {
      type: 'object',
      description: 'dropped',
      required: ['description'],
      properties: { description: { type: 'string', title: 'dropped too' } },
    });
    expect(schema).toEqual({
      type: 'object',
      required: ['description'],
      properties: { description: { type: 'string' } },
    });
  });
});
