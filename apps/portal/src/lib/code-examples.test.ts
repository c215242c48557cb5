// The reference's request examples: every language calls the same example
// request, sends the key only where one is needed, and the SDK example passes
// path and required query values with their types.
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { clientExample, codeExamples, pythonExample } from './code-examples.ts';
import { operationsOf } from './operations.ts';

const operations = operationsOf(openapiDocument);
const byId = (id: string) => operations.find((operation) => operation.id === id)!;
const API = 'https://api.example.org';

describe('codeExamples', () => {
  it('gives curl, JavaScript, Python and TypeScript for every operation, all with the same URL', () => {
    for (const operation of operations) {
      const examples = codeExamples(API, operation);
      expect(examples.map((example) => example.id)).toEqual(['curl', 'javascript', 'python', 'typescript']);
      const url = /"(https:\/\/api\.example\.org[^"]*)"/.exec(examples[0]!.code)![1]!;
      expect(examples[1]!.code).toContain(`'${url}'`);
      expect(examples[2]!.code).toContain(`"${url}"`);
    }
  });

  it('python sends the key from the environment only for keyed operations', () => {
    expect(pythonExample(API, byId('getQibla'))).toContain('headers={"X-API-Key": os.environ["IRA_API_KEY"]}');
    expect(pythonExample(API, byId('health'))).not.toContain('X-API-Key');
  });

  it('the SDK example calls the method with path values in order and the query with its types', () => {
    expect(clientExample(API, byId('getQibla'))).toContain('await api.qibla({ lat: 24.8607, lon: 67.0011 });');
    expect(clientExample(API, byId('getVerse'))).toContain("await api.verse('002255');");
    expect(clientExample(API, byId('dailyNameForDay'))).toContain('await api.dailyName(1);');
    expect(clientExample(API, byId('health'))).toContain(
      "new IslamicReferenceApi({ baseUrl: 'https://api.example.org' })",
    );
    expect(clientExample(API, byId('getNameAudio'))).toContain('const name = await api.name(1);');
  });
});
