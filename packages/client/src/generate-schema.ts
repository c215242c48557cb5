// Turns the API's OpenAPI document into the TypeScript types openapi-fetch
// needs (openapi-typescript). Used by `npm run generate -w @ira/client` and by
// the test that fails when the committed src/schema.ts is out of date.
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { openapiDocument } from '@ira/core/contract/openapi/document';

const HEADER = `// Generated from packages/core/src/contract/openapi (the API's OpenAPI document) by
// openapi-typescript: do not edit. Regenerate with \`npm run generate -w @ira/client\`.
`;

export async function generateSchemaSource(document: object = openapiDocument): Promise<string> {
  // A copy: openapi-typescript annotates the object it is given.
  const ast = await openapiTS(structuredClone(document) as OpenAPI3, { silent: true });
  return HEADER + astToString(ast);
}
