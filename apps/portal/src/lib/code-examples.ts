// curl and JavaScript (server-side fetch) examples for an operation, against
// the deployment's public API URL.
import { examplePath, type OperationView } from './operations.ts';

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
    "if (!response.ok) throw new Error(`${response.status}: ${body.message ?? body.error}`);",
  ].join('\n');
}
