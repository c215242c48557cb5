// A response schema of the OpenAPI document made self-contained for a Postman
// test (pm.response.to.have.jsonSchema, Ajv in Postman's sandbox): the
// components it reaches are copied under $defs and its refs point there, so a
// request carries only what it checks. Annotations (description, title,
// examples) are left out: they document, they do not validate.
import type { OpenApiDocument } from '@ira/core/contract/openapi/document';

type Json = Record<string, unknown>;

// A component, or a schema inside one (#/components/schemas/Surah/properties/name).
const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)(\/.*)?$/;
const ANNOTATIONS = new Set(['description', 'title', 'examples']);
/** Keywords whose value maps names to schemas: a key there is a name, never a keyword. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords whose value is data, copied as it is. */
const VALUES = new Set(['const', 'enum', 'default']);

function refParts(ref: unknown): { name: string; rest: string } {
  const match = COMPONENT_REF.exec(String(ref));
  if (!match) throw new Error(`schema ref ${String(ref)} is not a component schema`);
  return { name: match[1]!.replaceAll('~1', '/').replaceAll('~0', '~'), rest: match[2] ?? '' };
}

/**
 * Draft-07 validators (Postman's Ajv 6) ignore the keywords beside a $ref, which
 * OpenAPI 3.1 applies: such a ref goes into allOf, where both dialects apply it.
 */
function refInAllOf(schema: Json): Json {
  if (schema.$ref === undefined || Object.keys(schema).length === 1) return schema;
  const { $ref, allOf, ...rest } = schema;
  return { ...rest, allOf: [{ $ref }, ...((allOf as unknown[] | undefined) ?? [])] };
}

/** A copy of `node` with refs rewritten to #/$defs/… and annotations dropped; reached names are added to `found`. */
function rewrite(node: unknown, found: Set<string>, isNameMap = false): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, found));
  if (node === null || typeof node !== 'object') return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (!isNameMap && ANNOTATIONS.has(key)) continue;
    if (!isNameMap && key === '$ref') {
      const { name, rest } = refParts(value);
      found.add(name);
      copy.$ref = `#/$defs/${name.replaceAll('~', '~0').replaceAll('/', '~1')}${rest}`;
      continue;
    }
    copy[key] = !isNameMap && VALUES.has(key) ? value : rewrite(value, found, !isNameMap && NAME_MAPS.has(key));
  }
  return isNameMap ? copy : refInAllOf(copy);
}

/** The schema with every component it reaches, directly or through another, under `$defs`. */
export function selfContainedSchema(document: OpenApiDocument, schema: Json): Json {
  const found = new Set<string>();
  const root = rewrite(schema, found) as Json;
  const defs: Json = {};
  const pending = [...found];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (name in defs) continue;
    const component = document.components.schemas[name];
    if (!component) throw new Error(`schema ${name} is not in the document's components`);
    const reached = new Set<string>();
    defs[name] = rewrite(component, reached);
    pending.push(...[...reached].filter((other) => !(other in defs)));
  }
  if (Object.keys(defs).length === 0) return root;
  return refInAllOf({ ...root, $defs: defs });
}
