// Flattens a response JSON Schema into rows ("data.languages.en.arabic",
// type, required, description) for the generated reference tables.
import type { OpenApiDocument } from '@ira/core/contract/openapi/document';
import { resolveRef } from './operations.ts';

type Json = Record<string, unknown>;

export interface FieldRow {
  path: string;
  type: string;
  required: boolean;
  description: string;
}

export interface SchemaVariant {
  title: string;
  rows: FieldRow[];
}

const MAX_DEPTH = 6;

function describeType(schema: Json): string {
  if ('const' in schema) return `= ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(schema.oneOf))
    return (
      'one of: ' +
      (schema.oneOf as Json[])
        .map((item) => ('const' in item ? JSON.stringify(item.const) : String(item.type ?? 'object')))
        .join(' | ')
    );
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'object');
  return schema.format ? `${type} (${String(schema.format)})` : type;
}

/** Merges allOf members into one object schema (the document uses allOf only to extend). */
function flattenAllOf(document: OpenApiDocument, schema: Json): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = (schema.allOf as Json[]).map((part) => flattenAllOf(document, resolveRef(document, part)));
  return {
    ...schema,
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), schema.properties ?? {}),
    required: [
      ...parts.flatMap((part) => (part.required as string[] | undefined) ?? []),
      ...((schema.required as string[] | undefined) ?? []),
    ],
  };
}

function walk(document: OpenApiDocument, node: Json, prefix: string, depth: number, rows: FieldRow[]): void {
  const schema = flattenAllOf(document, resolveRef(document, node));
  if (depth > MAX_DEPTH) return;
  if (schema.type === 'array' && schema.items) {
    walk(document, schema.items as Json, `${prefix}[]`, depth + 1, rows);
    return;
  }
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [name, raw] of Object.entries(properties)) {
    const child = flattenAllOf(document, resolveRef(document, raw));
    const path = prefix ? `${prefix}.${name}` : name;
    const description = String(raw.description ?? child.description ?? '');
    rows.push({ path, type: describeType(child), required: required.has(name), description });
    if (child.properties || child.allOf || (child.type === 'array' && child.items))
      walk(document, child, path, depth + 1, rows);
  }
}

/** One variant per oneOf alternative (the prayer-time and Qibla layouts), else one. */
export function schemaVariants(document: OpenApiDocument, schema: Json): SchemaVariant[] {
  const resolved = resolveRef(document, schema);
  const alternatives = Array.isArray(resolved.oneOf) ? (resolved.oneOf as Json[]) : [resolved];
  return alternatives.map((alternative) => {
    const target = resolveRef(document, alternative);
    const rows: FieldRow[] = [];
    walk(document, target, '', 0, rows);
    return { title: String(target.title ?? ''), rows };
  });
}
