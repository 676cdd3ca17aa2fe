import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';

// Valibot is the single source of every schema: routes put valibot schemas in their `schema`
// (querystring, params, headers, body, response); this compiler runs them, and the OpenAPI
// document is generated from them (openApiTransform).

type AnySchema = v.GenericSchema;

/** Types request parts from the valibot schema's output, replies from its input. */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends AnySchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends AnySchema ? v.InferInput<this['schema']> : unknown;
}

/** A 400 naming the offending field, raised by request validation. */
export class FieldError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'FieldError';
  }
}

function isValibotSchema(schema: unknown): schema is AnySchema {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    (schema as { kind?: unknown }).kind === 'schema'
  );
}

/** The dotted path of the first issue, e.g. 'criteria.prix_min'; the part name when at the root. */
export function issueField(issue: v.BaseIssue<unknown>, part: string): string {
  const keys = (issue.path ?? [])
    .map((item) => item.key)
    .filter((key): key is string | number => typeof key === 'string' || typeof key === 'number');
  // Array positions say little to a client: name the list (atouts, not atouts.3).
  const named = keys.filter((key) => typeof key === 'string');
  return named.length > 0 ? named.join('.') : part;
}

const PART_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'params',
  body: 'body',
  headers: 'headers',
};

/** The issue's message, with a plain 'is required' for a missing field. */
export function issueMessage(issue: v.BaseIssue<unknown>): string {
  return issue.received === 'undefined' ? 'is required' : issue.message;
}

export const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isValibotSchema(schema)) {
    throw new Error(`route schema for ${httpPart ?? 'a request part'} must be a valibot schema`);
  }
  const part = PART_NAMES[httpPart ?? ''] ?? 'request';
  return (data: unknown) => {
    const result = v.safeParse(schema, data ?? (part === 'body' ? undefined : {}));
    if (result.success) return { value: result.output };
    const issue = result.issues[0];
    const field = issueField(issue, part);
    return { error: new FieldError(field, `${field}: ${issueMessage(issue)}`) };
  };
};

/** Validates a value that did not come through a route schema (e.g. a header read by hand). */
export function parseField<S extends AnySchema>(
  schema: S,
  value: unknown,
  part: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issueField(issue, part);
  throw new FieldError(field, `${field}: ${issueMessage(issue)}`);
}

function toOpenApi(schema: unknown): unknown {
  if (!isValibotSchema(schema)) return schema;
  // Input side: query strings are documented as the strings a client sends.
  const json = toJsonSchema(schema, {
    target: 'openapi-3.0',
    typeMode: 'input',
    errorMode: 'ignore',
  });
  delete (json as { $schema?: unknown }).$schema;
  return json;
}

function toOpenApiOutput(schema: unknown): unknown {
  if (!isValibotSchema(schema)) return schema;
  const json = toJsonSchema(schema, {
    target: 'openapi-3.0',
    typeMode: 'output',
    errorMode: 'ignore',
  });
  delete (json as { $schema?: unknown }).$schema;
  return json;
}

/** @fastify/swagger transform: valibot route schemas → OpenAPI JSON Schemas. */
export function openApiTransform({
  schema,
  url,
}: {
  schema: Record<string, unknown> | undefined;
  url: string;
}): { schema: Record<string, unknown>; url: string } {
  if (!schema) return { schema: { hide: true }, url };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'response' && value && typeof value === 'object') {
      out.response = Object.fromEntries(
        Object.entries(value).map(([code, s]) => [code, toOpenApiOutput(s)]),
      );
    } else if (['querystring', 'params', 'body', 'headers'].includes(key)) {
      out[key] = toOpenApi(value);
    } else {
      out[key] = value;
    }
  }
  return { schema: out, url };
}
