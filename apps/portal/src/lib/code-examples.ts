// Request examples for an operation, against the deployment's public API URL:
// curl, JavaScript (fetch), Python (requests) and the typed client
// (@ira/client). Each uses the same example request as the recorded response.
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

function paramsObject(operation: OperationView): string {
  const group = (where: 'path' | 'query') => {
    const entries = operation.parameters.filter(
      (parameter) => parameter.in === where && (where === 'path' || parameter.inExample),
    );
    return entries.length === 0
      ? null
      : `${where}: { ${entries.map((parameter) => `${parameter.name}: ${literal(parameter)}`).join(', ')} }`;
  };
  const parts = [group('path'), group('query')].filter((part) => part !== null);
  return parts.length === 0 ? '' : `, { params: { ${parts.join(', ')} } }`;
}

export function clientExample(publicUrl: string, operation: OperationView): string {
  const key = operation.keyed ? ', apiKey: process.env.IRA_API_KEY' : '';
  return [
    "// Typed client from this API's OpenAPI document (packages/client).",
    "import { createIraClient, expectData } from '@ira/client';",
    '',
    `const api = createIraClient({ baseUrl: '${publicUrl}'${key} });`,
    `const body = expectData(await api.GET('${operation.path}'${paramsObject(operation)}));`,
  ].join('\n');
}

export function codeExamples(publicUrl: string, operation: OperationView): CodeExample[] {
  return [
    { id: 'curl', label: 'curl', code: curlExample(publicUrl, operation) },
    { id: 'javascript', label: 'JavaScript', code: fetchExample(publicUrl, operation) },
    { id: 'python', label: 'Python', code: pythonExample(publicUrl, operation) },
    { id: 'typescript', label: 'TypeScript', code: clientExample(publicUrl, operation) },
  ];
}
