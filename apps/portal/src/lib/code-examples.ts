// Request examples for an operation, against the deployment's public API URL:
// curl, JavaScript (fetch), Python (requests) and the TypeScript SDK
// (@islamic-reference-api/client). Each uses the same example request as the recorded response.
import { ENDPOINTS } from '@islamic-reference-api/client';
import { examplePath, type OperationView, type ParameterView } from './operations.ts';

export interface CodeExample {
  id: 'curl' | 'javascript' | 'python' | 'typescript';
  label: string;
  code: string;
}

export function curlExample(publicUrl: string, operation: OperationView): string {
  const url = `${publicUrl}${examplePath(operation)}`;
  return operation.keyed ? `curl -H "X-API-Key: $IRA_API_KEY" "${url}"` : `curl "${url}"`;
}

export function fetchExample(publicUrl: string, operation: OperationView): string {
  const url = `${publicUrl}${examplePath(operation)}`;
  const options = operation.keyed ? `, {\n  headers: { 'X-API-Key': process.env.IRA_API_KEY },\n}` : '';
  return [
    '// Server-side code (Node 18+): keep the key out of browsers.',
    `const response = await fetch('${url}'${options});`,
    'const body = await response.json();',
    'if (!response.ok) throw new Error(`${response.status}: ${body.message ?? body.error}`);',
  ].join('\n');
}

export function pythonExample(publicUrl: string, operation: OperationView): string {
  const url = `${publicUrl}${examplePath(operation)}`;
  const lines = ['import os', 'import requests', '', 'response = requests.get(', `    "${url}",`];
  if (operation.keyed) lines.push('    headers={"X-API-Key": os.environ["IRA_API_KEY"]},');
  lines.push('    timeout=10,', ')', 'response.raise_for_status()', 'body = response.json()');
  return lines.join('\n');
}

/** A parameter's example as a TypeScript literal of its type. */
function literal(parameter: ParameterView): string {
  const numeric = parameter.type === 'integer' || parameter.type === 'number';
  return numeric && parameter.example !== '' && Number.isFinite(Number(parameter.example))
    ? parameter.example
    : `'${parameter.example.replaceAll("'", "\\'")}'`;
}

/** The SDK method's arguments: path values in order, then the example's query as an object. */
function clientArguments(operation: OperationView): string {
  const path = operation.parameters.filter((parameter) => parameter.in === 'path').map(literal);
  const query = operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.inExample);
  const object = query.map((parameter) => `${parameter.name}: ${literal(parameter)}`).join(', ');
  return [...path, ...(query.length > 0 ? [`{ ${object} }`] : [])].join(', ');
}

// The audio files are not SDK calls: their links come signed in a name's or a verse's `audio`.
const SIGNED_AUDIO_EXAMPLES: Record<string, string[]> = {
  getNameAudio: [
    'const name = await api.name(1);',
    '// `audio` is a signed link (no key needed), present when the file exists.',
  ],
  getVerseAudioFile: [
    "const verse = await api.verse('2:255');",
    '// Each `audio` entry has a signed link (no key needed).',
  ],
};

export function clientExample(publicUrl: string, operation: OperationView): string {
  const endpoint = (ENDPOINTS as Record<string, { method: string } | undefined>)[operation.id];
  const key = operation.keyed || SIGNED_AUDIO_EXAMPLES[operation.id] ? ', apiKey: process.env.IRA_API_KEY' : '';
  const setup = [
    '// The TypeScript SDK (packages/client): every call returns the resource itself.',
    "import { IslamicReferenceApi } from '@islamic-reference-api/client';",
    '',
    `const api = new IslamicReferenceApi({ baseUrl: '${publicUrl}'${key} });`,
  ];
  if (endpoint === undefined) {
    const audio = operation.id === 'getNameAudio' ? 'name.audio' : 'verse.audio?.[0]?.url';
    const lines = SIGNED_AUDIO_EXAMPLES[operation.id] ?? [];
    return [...setup, ...lines, `const mp3 = await (await fetch(${audio}!)).arrayBuffer();`].join('\n');
  }
  return [...setup, `const result = await api.${endpoint.method}(${clientArguments(operation)});`].join('\n');
}

export function codeExamples(publicUrl: string, operation: OperationView): CodeExample[] {
  return [
    { id: 'curl', label: 'curl', code: curlExample(publicUrl, operation) },
    { id: 'javascript', label: 'JavaScript', code: fetchExample(publicUrl, operation) },
    { id: 'python', label: 'Python', code: pythonExample(publicUrl, operation) },
    { id: 'typescript', label: 'TypeScript', code: clientExample(publicUrl, operation) },
  ];
}
