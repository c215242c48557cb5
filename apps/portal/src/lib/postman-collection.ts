// A Postman collection (format v2.1, which Bruno and Insomnia import too)
// generated from the OpenAPI document: one folder per tag, one request per
// operation with its example values, the key as a collection variable sent in
// X-API-Key, and this deployment's PUBLIC_URL as {{baseUrl}}.
import type { OpenApiDocument } from '@ira/core/contract/openapi/document';
import { operationsOf, type OperationView } from './operations.ts';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

interface Variable {
  key: string;
  value: string;
  description?: string;
  disabled?: boolean;
}

function urlOf(operation: OperationView) {
  const segments = operation.path.split('/').filter(Boolean);
  // Postman writes path variables as :name; {name}.mp3 keeps its suffix.
  const path = segments.map((segment) => segment.replace(/\{([^}]+)\}/g, ':$1'));
  const query: Variable[] = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => ({
      key: parameter.name,
      value: parameter.example,
      description: parameter.description,
      ...(parameter.inExample ? {} : { disabled: true }),
    }));
  const variable: Variable[] = operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => ({ key: parameter.name, value: parameter.example, description: parameter.description }));
  const enabled = query.filter((item) => !item.disabled).map((item) => `${item.key}=${encodeURIComponent(item.value)}`);
  const raw = `{{baseUrl}}/${path.join('/')}${enabled.length > 0 ? `?${enabled.join('&')}` : ''}`;
  return { raw, host: ['{{baseUrl}}'], path, query, variable };
}

function requestItem(operation: OperationView) {
  return {
    name: operation.summary,
    request: {
      method: operation.method,
      header: [{ key: 'Accept', value: 'application/json' }],
      url: urlOf(operation),
      description: `${operation.description}\n\noperationId: ${operation.id}`,
      ...(operation.keyed ? {} : { auth: { type: 'noauth' } }),
    },
  };
}

export function postmanCollection(document: OpenApiDocument, publicUrl: string) {
  const operations = operationsOf(document);
  return {
    info: {
      name: document.info.title,
      description: `${document.info.summary} Generated from the OpenAPI document ${document.info.version}. Put your key in the apiKey variable.`,
      schema: POSTMAN_SCHEMA,
    },
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'X-API-Key', type: 'string' },
        { key: 'value', value: '{{apiKey}}', type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    },
    variable: [
      { key: 'baseUrl', value: publicUrl, type: 'string' },
      { key: 'apiKey', value: '', type: 'string' },
    ],
    item: document.tags
      .map((tag) => ({
        name: tag.name,
        description: tag.description,
        item: operations.filter((operation) => operation.tag === tag.name).map(requestItem),
      }))
      .filter((folder) => folder.item.length > 0),
  };
}
