// The scripts of the Postman collection, as the lines of a Postman event
// (`exec`). They run in Postman's sandbox (and newman's): `pm`, chai's
// expect and Ajv, no imports. Values are written in with JSON.stringify.
import type { Expected, SignedLinkSource } from './postman-checks.ts';

type Json = Record<string, unknown>;

export interface HeaderCheck {
  name: string;
  /** The value the header must have, or a pattern it must match (from its schema in the document). */
  equals?: string;
  pattern?: string;
}

export interface ResponseChecks {
  status: number;
  mediaType: string | null;
  headers: HeaderCheck[];
  /** Self-contained JSON Schema of a JSON body (postman-schema.ts). */
  schema: Json | null;
  fields: Record<string, Expected>;
  /** The exact JSON body (errors). */
  body?: unknown;
  /** Text a non-JSON body contains. */
  text?: string[];
  /** Remember this key's spent budget for the pacing of later requests. */
  recordsBudget: boolean;
}

/** Most requests the 429 request spends to exhaust its key (a fresh portal key allows 5 a minute). */
export const MAX_SPEND_REQUESTS = 30;

const literal = (value: unknown): string => JSON.stringify(value);

/** The collection variable holding when a category's budget resets (ms since 1970), 0 while it is not spent. */
const resetVariable = (category: string): string => `rateLimitResetAt.${category}`;

const RECORD_BUDGET = [
  '// Pacing: if this answer spent the budget of its category, remember when the window resets.',
  'const recordBudget = (header) => {',
  '  const budget = /^"(\\w+)";r=(\\d+);t=(\\d+)/.exec(header || "");',
  '  const resetAt = budget && budget[2] === "0" ? Date.now() + Number(budget[3]) * 1000 : 0;',
  '  if (budget) pm.collectionVariables.set("rateLimitResetAt." + budget[1], String(resetAt));',
  '};',
];

/** One named test (one assertion in newman's count) whose body is an expression. */
const pmTest = (name: string, expression: string): string => `pm.test(${literal(name)}, () => ${expression});`;

function fieldTest(path: string, expected: Expected): string {
  const value = `pm.expect(at(${literal(path)}))`;
  if (typeof expected === 'object') {
    const article = /^[aeiou]/.test(expected.type) ? 'an' : 'a';
    return pmTest(`${path} is ${article} ${expected.type}`, `${value}.to.be.${article}("${expected.type}")`);
  }
  return pmTest(`${path} is ${literal(expected)}`, `${value}.to.eql(${literal(expected)})`);
}

function headerLines(headers: HeaderCheck[]): string[] {
  if (headers.length === 0) return [];
  const checks = headers.map((header) => {
    const value = `pm.response.headers.get(${literal(header.name)})`;
    if (header.equals !== undefined)
      return `  pm.expect(${value}, ${literal(header.name)}).to.equal(${literal(header.equals)});`;
    if (header.pattern !== undefined)
      return `  pm.expect(${value}, ${literal(header.name)}).to.match(new RegExp(${literal(header.pattern)}));`;
    return `  pm.expect(${value}, ${literal(header.name)}).to.be.a("string");`;
  });
  return [
    `pm.test(${literal(`headers ${headers.map((header) => header.name).join(', ')}`)}, () => {`,
    ...checks,
    '});',
  ];
}

function jsonBodyLines(checks: ResponseChecks): string[] {
  const lines = [
    'const body = pm.response.json();',
    '// The resource itself: the wrapped layout (status, ok, url, data) and the envelope (success, data) taken off.',
    'const inner = body && body.ok === true && "status" in body ? body.data : body;',
    'const resource = inner && inner.success === true && "data" in inner ? inner.data : inner;',
    'const at = (path) => path.split(".").reduce((value, key) => (value == null ? undefined : value[key]), resource);',
  ];
  if (checks.body !== undefined)
    lines.push(pmTest('the body is the documented one', `pm.expect(body).to.eql(${literal(checks.body)})`));
  lines.push(...Object.entries(checks.fields).map(([path, expected]) => fieldTest(path, expected)));
  if (checks.schema !== null) {
    lines.push(
      `pm.test(${literal(`the body matches the OpenAPI schema of the ${checks.status} answer`)}, () => {`,
      `  pm.response.to.have.jsonSchema(${literal(checks.schema)});`,
      '});',
    );
  }
  return lines;
}

function otherBodyLines(checks: ResponseChecks): string[] {
  const lines = [pmTest('the body is not empty', 'pm.expect(pm.response.size().body).to.be.above(0)')];
  for (const text of checks.text ?? [])
    lines.push(pmTest(`the body contains ${text}`, `pm.expect(pm.response.text()).to.include(${literal(text)})`));
  return lines;
}

/** The tests of one request: status, Content-Type, documented headers, then the body's key fields and schema. */
export function testScript(checks: ResponseChecks): string[] {
  const lines = [
    pmTest(`status is ${checks.status}`, `pm.response.to.have.status(${checks.status})`),
    ...(checks.recordsBudget ? [...RECORD_BUDGET, 'recordBudget(pm.response.headers.get("RateLimit"));'] : []),
  ];
  if (checks.mediaType !== null) {
    const type = 'pm.expect(pm.response.headers.get("Content-Type") || "")';
    lines.push(pmTest(`Content-Type is ${checks.mediaType}`, `${type}.to.include(${literal(checks.mediaType)})`));
  }
  lines.push(...headerLines(checks.headers));
  if (checks.mediaType === 'application/json') lines.push(...jsonBodyLines(checks));
  else if (checks.mediaType !== null) lines.push(...otherBodyLines(checks));
  return lines;
}

const waitLine = (category: string): string =>
  `const wait = Number(pm.collectionVariables.get(${literal(resetVariable(category))}) || 0) - Date.now();`;

/** Before a keyed request: wait while the last answer of its category said the key's budget is spent. */
export function paceScript(category: string): string[] {
  return [
    "// Keeps to the key's budget (a portal key allows 10 general and 5 calculation requests a minute by default):",
    '// when the last answer in this category spent it, the request waits for the window to reset.',
    waitLine(category),
    'if (wait > 0) setTimeout(() => {}, wait);',
  ];
}

/**
 * Before a signed audio request: reads a fresh signed link from the keyed answer
 * that carries it (links expire) and puts its parts in collection variables. A
 * deployment without that audio gives no link: the request is skipped, not failed.
 */
export function signedLinkScript(source: SignedLinkSource): string[] {
  const url = literal(`{{baseUrl}}${source.path}`);
  const failed = literal(`GET ${source.path} failed: `);
  const skipped = literal(`No signed link in GET ${source.path}: this deployment serves no such audio; skipped.`);
  return [
    `// The signed link comes from GET ${source.path}; audio itself needs no key.`,
    ...RECORD_BUDGET,
    waitLine('general'),
    'setTimeout(() => {',
    `  const request = { url: pm.variables.replaceIn(${url}), header: { "X-API-Key": pm.variables.get("apiKey") } };`,
    '  pm.sendRequest(request, (error, response) => {',
    `    if (error || response.code !== 200) throw new Error(${failed} + (error || response.code));`,
    '    recordBudget(response.headers.get("RateLimit"));',
    '    const body = response.json();',
    '    const inner = body.ok === true && "status" in body ? body.data : body;',
    '    const resource = inner.success === true && "data" in inner ? inner.data : inner;',
    `    const match = new RegExp(${literal(source.pattern)}).exec(String(${source.pick}));`,
    '    if (!match) {',
    `      console.log(${skipped});`,
    '      return pm.execution.skipRequest();',
    '    }',
    `    ${literal(source.variables)}.forEach((name, index) => pm.collectionVariables.set(name, match[index + 1]));`,
    '  });',
    '}, Math.max(0, wait));',
  ];
}

/**
 * Before the 429 request: spends the budget of `limitedApiKey` on the same
 * request until the API refuses it (at most MAX_SPEND_REQUESTS). Without that
 * variable the request is skipped: set it to a key you can spare for a minute.
 */
export function spendBudgetScript(): string[] {
  return [
    '// Spends the budget of limitedApiKey (any key with a small limit: a fresh portal key allows 5 calculation',
    '// requests a minute) so that this request meets the 429; without the variable the request is skipped.',
    'const key = pm.variables.get("limitedApiKey");',
    'if (!key) {',
    '  console.log("limitedApiKey is not set: the 429 request is skipped.");',
    '  pm.execution.skipRequest();',
    '} else {',
    '  const request = { url: pm.variables.replaceIn(pm.request.url.toString()), header: { "X-API-Key": key } };',
    '  const spend = (left) =>',
    '    pm.sendRequest(request, (error, response) => {',
    '      if (error) throw error;',
    '      if (response.code !== 429 && left > 1) spend(left - 1);',
    '    });',
    `  spend(${MAX_SPEND_REQUESTS});`,
    '}',
  ];
}
