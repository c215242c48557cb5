// Requests generated from the OpenAPI document, one query parameter varied at a time from a
// working request: every value the document allows (each enum value, the bounds of a number,
// the examples of a patterned string) must be accepted, and values it forbids (outside the
// enum or the bounds, empty, not matching the pattern, sent twice) must be refused with a 400
// naming the parameter. No randomness: a failure is the same on every run. The document is an
// argument, as in openapi-validate.ts.
import type { OpenApiDocument } from './openapi-validate.ts';

type Json = Record<string, any>;

export interface FuzzCase {
  operationId: string;
  /** The document's path template, e.g. `/api/v1/quran/surah/{number}`. */
  template: string;
  /** The path and query to request. */
  url: string;
  /** The parameter varied. */
  parameter: string;
  expect: 'accept' | 'refuse';
  /** What was sent, for the test's name. */
  label: string;
}

export interface FuzzOptions {
  /** Only operations answered by this service (`x-service`). */
  service: string;
  /** Query parameters every request of an operation carries unless varied, beyond the required ones. */
  base?: Record<string, Record<string, string>>;
  /**
   * Parameters that cannot go with the varied one (`place` with `lat`), or that it needs
   * (`country` needs `city`): parameter, or `operationId.parameter`, → the base's changes (a
   * value of null removes one). Only parameters the operation documents are added.
   */
  companions?: Record<string, Record<string, string | null>>;
  /** Values whose own rules need other parameters (`method=other` needs its angles): `name=value` → additions. */
  needs?: Record<string, Record<string, string>>;
  /** String parameters that are comma lists the server also takes repeated (`lang`): not refused when sent twice. */
  lists?: readonly string[];
  /** Enums longer than this are tried whole only on the first operation that has the parameter. */
  sampleOver?: number;
}

const NOT_A_VALUE = 'zz-not-a-value';
// Candidates for a value a pattern forbids: the first few that do not match are used.
const PATTERN_BREAKERS = ['', 'x', '2026-13-01', '2026-00-10', '1447-90-01', '2026-1-1', 'fajr:1,', 'noon:5', '+03:00'];

const exampleOf = (schema: Json): unknown =>
  schema.examples?.[0] ?? schema.default ?? schema.enum?.[0] ?? schema.items?.enum?.[0] ?? schema.minimum ?? 1;
const asQuery = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));

/** Values the schema allows: every enum value (or every n-th), the bounds and a point between, the examples. */
function allowed(schema: Json, sample: number | null): string[] {
  const values = schema.enum ?? schema.items?.enum;
  if (values !== undefined) {
    const all = (values as unknown[]).map(String);
    if (sample === null || all.length <= sample) return all;
    const stride = Math.ceil(all.length / sample);
    return all.filter((_, i) => i % stride === 0);
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 0.5);
    const high = schema.maximum ?? low + 1000;
    // A third of the way: not a round midpoint, and a fraction for a decimal.
    const between = low + (high - low) / 3;
    return [low, high, schema.type === 'integer' ? Math.floor(between) : Math.round(between * 1000) / 1000].map(String);
  }
  return (schema.examples ?? [exampleOf(schema)]).map(asQuery);
}

/** Values the schema forbids. */
function forbidden(schema: Json): string[] {
  if (schema.enum !== undefined || schema.items?.enum !== undefined) return [NOT_A_VALUE, ''];
  if (schema.type === 'integer' || schema.type === 'number') {
    const out = ['', 'abc', '1e3', '0x10'];
    if (schema.minimum !== undefined) out.push(String(schema.minimum - 1));
    if (schema.exclusiveMinimum !== undefined) out.push(String(schema.exclusiveMinimum));
    if (schema.maximum !== undefined) out.push(String(schema.maximum + 1));
    if (schema.type === 'integer') out.push('1.5');
    return out;
  }
  const out: string[] = [];
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    out.push(...PATTERN_BREAKERS.filter((value) => !pattern.test(value)).slice(0, 4));
  }
  if (schema.minLength !== undefined && !out.includes('')) out.push('');
  if (schema.maxLength !== undefined) out.push('a'.repeat(schema.maxLength + 1));
  return out;
}

function url(template: string, pathValues: Record<string, string>, query: Array<[string, string]>): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name]!));
  const search = query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return search === '' ? path : `${path}?${search}`;
}

/** Every case for the operations of `options.service`. */
export function fuzzCases(document: OpenApiDocument, options: FuzzOptions): FuzzCase[] {
  const seen = new Set<string>();
  const cases: FuzzCase[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
    const operation = item.get as Json | undefined;
    if (operation?.['x-service'] !== options.service) continue;
    const parameters = (operation.parameters ?? []) as Json[];
    const refuses = '400' in operation.responses;
    const pathValues = Object.fromEntries(
      parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(exampleOf(p.schema))]),
    );
    const base: Record<string, string> = Object.fromEntries(
      parameters
        .filter((p) => p.in === 'query' && (p.required || p['x-example']))
        .map((p) => [p.name, asQuery(exampleOf(p.schema))]),
    );
    Object.assign(base, options.base?.[operation.operationId]);
    for (const parameter of parameters.filter((p) => p.in === 'query')) {
      const name = parameter.name as string;
      const query = { ...base };
      const companions = options.companions?.[`${operation.operationId}.${name}`] ?? options.companions?.[name] ?? {};
      for (const [other, value] of Object.entries(companions)) {
        if (value === null) delete query[other];
        else if (parameters.some((p) => p.name === other)) query[other] = value;
      }
      // Each parameter's whole enum once; where the same parameter comes again, a sample.
      const seenKey = `${name} ${JSON.stringify(parameter.schema)}`;
      const sample = seen.has(seenKey) ? (options.sampleOver ?? 12) : null;
      seen.add(seenKey);
      const add = (value: string, expect: FuzzCase['expect'], twice = false) => {
        const extra = options.needs?.[`${name}=${value.toLowerCase()}`] ?? {};
        const sent: Array<[string, string]> = Object.entries({ ...query, ...extra }).filter(([n]) => n !== name);
        sent.push([name, value]);
        if (twice) sent.push([name, value]);
        const label = `${name}=${JSON.stringify(value)}${twice ? ' twice' : ''}`;
        cases.push({
          operationId: operation.operationId,
          template,
          url: url(template, pathValues, sent),
          parameter: name,
          expect,
          label,
        });
      };
      for (const value of allowed(parameter.schema, sample)) add(value, 'accept');
      if (!refuses) continue;
      for (const value of forbidden(parameter.schema)) add(value, 'refuse');
      // A list may be sent again; any other parameter must come once.
      const list = parameter.schema.type === 'array' || options.lists?.includes(name);
      if (!list) add(allowed(parameter.schema, 1)[0]!, 'refuse', true);
    }
  }
  return cases;
}
