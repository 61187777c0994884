import { describe, expect, it } from "vitest";
import { call } from "../../test/harness.ts";

/**
 * Every operation of the OpenAPI document, asked with input no shopper's page sends: wrong types,
 * numbers out of range, lone surrogates, deep nesting, megabyte strings, extra fields, nulls — in
 * the body, the query and the path. Bad input is the caller's fault: a 4xx envelope, never a 500.
 * The generator is seeded, so a failure names an input that fails again.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  pattern?: string;
};
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: { "application/json"?: { schema?: JsonSchema } } };
};

/** mulberry32: a small seeded generator, so each run sends the same inputs. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value the schema would take, as plain as can be: the baseline each mutation changes one part of. */
function plausible(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return plausible(choice, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        if (schema.required?.includes(name)) out[name] = plausible(property, depth + 1);
      return out;
    }
    case "array":
      return [plausible(schema.items, depth + 1)];
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return true;
    case "string":
      if (schema.format === "email") return "fuzz@example.com";
      return "a".repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

/**
 * Stands for 10,000 nested arrays: too deep for JSON.stringify's own stack, so the text is spliced
 * into the body after the rest was written.
 */
const DEEP = "\u0001deep\u0001";
const DEEP_TEXT = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
const bodyText = (body: unknown) => JSON.stringify(body)?.replaceAll(JSON.stringify(DEEP), DEEP_TEXT);
const label = (value: unknown) =>
  value === DEEP ? "deep" : (JSON.stringify(value)?.slice(0, 16) ?? "undefined");

/** What replaces one field: each a kind of input the contract's schemas must refuse or take. */
const HOSTILE_VALUES: unknown[] = [
  -1,
  0,
  2_147_483_648,
  1e21,
  -1e21,
  1.5,
  "\ud83d",
  "a\ud83db",
  "\udc00",
  "x".repeat(1_000_000),
  "",
  "NaN",
  null,
  true,
  {},
  [],
  [-1],
  [2_147_483_648],
  [1e21],
  ["\ud83d"],
  { nested: "\ud83d" },
  DEEP,
];
const HOSTILE_BODIES: unknown[] = [null, [], 1e21, "\ud83d", DEEP, { "\ud83d": 1 }];
const HOSTILE_PATH_SEGMENTS = ["-1", "0", "2147483648", "1e21", "abc", "%ED%A0%BD", "%F0%9F", "%00"];
const HOSTILE_QUERY_VALUES = ["-1", "2147483648", "1e21", "%ED%A0%BD", "\ud83d", "x".repeat(20_000), ""];

type Case = { label: string; path: string; query?: Record<string, string>; rawBody?: string };

function casesOf(path: string, operation: Operation, random: () => number): Case[] {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const concretePath = (overrides: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? "1");
  const baseQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(plausible(p.schema) ?? "1")]),
  );
  const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
  const baseBody = bodySchema ? plausible(bodySchema) : undefined;
  const base = baseBody === undefined ? undefined : bodyText(baseBody);
  const cases: Case[] = [{ label: "plausible", path: concretePath(), query: baseQuery, rawBody: base }];
  for (const p of pathParams)
    for (const segment of HOSTILE_PATH_SEGMENTS)
      cases.push({
        label: `path ${p.name}=${segment}`,
        path: concretePath({ [p.name]: segment }),
        query: baseQuery,
      });
  for (const p of queryParams)
    for (const value of HOSTILE_QUERY_VALUES)
      cases.push({
        label: `query ${p.name}=${value.slice(0, 12)}`,
        path: concretePath(),
        query: { ...baseQuery, [p.name]: value },
        rawBody: base,
      });
  if (bodySchema) {
    for (const body of HOSTILE_BODIES)
      cases.push({
        label: `body ${label(body)}`,
        path: concretePath(),
        query: baseQuery,
        rawBody: bodyText(body),
      });
    cases.push({ label: "body not JSON", path: concretePath(), query: baseQuery, rawBody: '{"a":' });
    const fields = Object.keys(bodySchema.properties ?? {});
    for (const field of [...fields, "unexpectedExtraField"]) {
      // Every hostile value, and a few seeded ones: an integer of any size, code units of any kind.
      const randomText = Array.from({ length: 8 }, () =>
        String.fromCharCode(Math.floor(random() * 0x10000)),
      ).join("");
      const randomInteger = Math.floor((random() - 0.5) * 2 ** 53);
      for (const value of [...HOSTILE_VALUES, randomText, randomInteger, [randomInteger]]) {
        const body = { ...(baseBody as Record<string, unknown>), [field]: value };
        cases.push({
          label: `body.${field}=${label(value)}`,
          path: concretePath(),
          query: baseQuery,
          rawBody: bodyText(body),
        });
      }
    }
  }
  return cases;
}

describe("every operation of the OpenAPI document under hostile input", () => {
  it("answers no 500 to any of it", async () => {
    const random = seeded(30);
    const { json: document } = await call("GET", "/api/openapi.json", { domain: null });
    const paths = (document as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
    let address = 0;
    const from = () => {
      address += 1;
      return `10.250.${Math.floor(address / 250) % 250}.${address % 250}`;
    };
    const guest = await call("POST", "/api/auth/login/session", {
      body: {},
      headers: { "x-forwarded-for": from() },
    });
    const staff = await call("POST", "/api/staff/login", {
      body: { email: "staff@stoa.test", password: "stoa-staff-demo" },
      headers: { "x-forwarded-for": from() },
    });
    const tokens = { shopper: guest.json.data.token as string, staff: staff.json.data.token as string };
    expect(tokens.shopper && tokens.staff).toBeTruthy();

    const failures: string[] = [];
    let asked = 0;
    for (const [path, methods] of Object.entries(paths)) {
      // Sign-out would end the token every later case uses; its input is a token and nothing else.
      if (path === "/logout") continue;
      for (const [method, operation] of Object.entries(methods)) {
        for (const testCase of casesOf(path, operation, random)) {
          for (const token of [path.startsWith("/api/staff/") ? tokens.staff : tokens.shopper, undefined]) {
            if (token === undefined && testCase.label !== "plausible") continue;
            asked += 1;
            const { status, json } = await call(method.toUpperCase(), testCase.path, {
              token,
              query: testCase.query,
              rawBody: testCase.rawBody,
              headers: { "x-forwarded-for": from() },
            });
            if (status >= 500 && status !== 502 && status !== 503)
              failures.push(`${method.toUpperCase()} ${path} [${testCase.label}] → ${status} ${json?.code}`);
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  }, 600_000);
});
