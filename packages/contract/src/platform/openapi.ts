import { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from "../checkout/constants.ts";
import { endpoints } from "../endpoints.ts";
import { LOCALE_HEADER, STORE_DOMAIN_HEADER } from "./constants.ts";
import type { EndpointDefinition } from "./endpoint-definition.ts";
import { envelopeSchema, errorDataSchema } from "./envelope.ts";
import { ERRORS } from "./errors.ts";
import { LOCALES } from "./locale.ts";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    cycles: "ref",
  }) as JsonSchema;
  return rest;
}

function parameters(def: EndpointDefinition): JsonSchema[] {
  const out: JsonSchema[] = [
    {
      name: STORE_DOMAIN_HEADER,
      in: "header",
      required: true,
      schema: { type: "string" },
      example: "localhost",
    },
    { name: LOCALE_HEADER, in: "header", required: false, schema: { type: "string", enum: [...LOCALES] } },
  ];
  if (def.idempotent)
    out.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: "header",
      required: false,
      description:
        "One key per order the shopper means to place (a UUID): repeats with the same key answer the same order.",
      schema: { type: "string", pattern: IDEMPOTENCY_KEY_PATTERN.source },
    });
  for (const [location, schema] of [
    ["path", def.params],
    ["query", def.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, "input") as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: location,
        required: location === "path" || !!json.required?.includes(name),
        schema: property,
      });
    }
  }
  return out;
}

/** OpenAPI 3.1 document of every endpoint, generated from the contract's zod schemas. */
/** Which token a signed-in call takes: a shopper's, a member of staff's, or a diner's at a table. */
function securityOf(def: EndpointDefinition): "bearer" | "staffBearer" | "inStoreBearer" {
  if (def.staff) return "staffBearer";
  return def.inStore ? "inStoreBearer" : "bearer";
}

export function buildOpenApiDocument(serverUrl = "/"): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const errorEnvelope = toSchema(envelopeSchema(errorDataSchema), "output");
  for (const [operationId, def] of Object.entries(endpoints) as [string, EndpointDefinition][]) {
    const responses: Record<string, JsonSchema> = {
      "200": {
        description: 'Success: code is "0"',
        content: { "application/json": { schema: toSchema(envelopeSchema(def.data), "output") } },
      },
    };
    for (const status of new Set(Object.values(ERRORS).map((e) => e.status))) {
      const codes = Object.values(ERRORS)
        .filter((e) => e.status === status)
        .map((e) => e.code);
      responses[String(status)] = {
        description: `Error envelope; code one of ${codes.join(", ")}`,
        content: { "application/json": { schema: errorEnvelope } },
      };
    }
    const operation: JsonSchema = {
      operationId,
      summary: def.summary,
      tags: [def.tag],
      parameters: parameters(def),
      responses,
      ...(def.auth ? { security: [{ [securityOf(def)]: [] }] } : {}),
      ...(def.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: toSchema(def.body, "input") } },
            },
          }
        : {}),
    };
    paths[def.path] ??= {};
    (paths[def.path] as Record<string, JsonSchema>)[def.method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Stoa store API",
      version: "1.0.0",
      description:
        'Every answer is the envelope { code, msg, data }; code "0" is success. The store is chosen by the store-domain header.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A shopper's session (customer or guest)" },
        staffBearer: {
          type: "http",
          scheme: "bearer",
          description: "A staff session from POST /api/staff/login; it works on the Staff calls only",
        },
        inStoreBearer: {
          type: "http",
          scheme: "bearer",
          description:
            "A diner's in-store token from POST /api/storeTable/scan (10 minutes, renewed while the tab is open); it works on the Dine-in calls only",
        },
      },
    },
    paths,
  };
}
