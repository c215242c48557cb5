// Turns the API's OpenAPI document into TypeScript types (openapi-typescript): the
// SDK's parameter and result types come from them. Run by the build and the
// type-check (scripts/generate.ts); src/schema.ts is generated, never committed.
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { openapiDocument } from '@ira/core/contract/openapi/document';

const HEADER = `// Generated from packages/core/src/contract/openapi (the API's OpenAPI document) by
// openapi-typescript: do not edit. Regenerate with \`npm run generate -w @islamic-reference-api/client\`.
`;

export async function generateSchemaSource(document: object = openapiDocument): Promise<string> {
  // A copy: openapi-typescript annotates the object it is given.
  const ast = await openapiTS(structuredClone(document) as OpenAPI3, { silent: true });
  return HEADER + astToString(ast);
}
