import type { TestApp } from './test-app';
import { sampleProfile } from './test-app';

/** The part of a JSON schema the walks below read. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
}

export interface Operation {
  method: string;
  path: string;
  parameters: Array<{ in: string; name: string }>;
  body: JsonSchema | undefined;
}

/** Every operation of the app's OpenAPI document. */
export async function openApiOperations(app: TestApp): Promise<Operation[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: (operation.parameters ?? []) as Operation['parameters'],
      body: (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content?.['application/json']?.schema,
    })),
  );
}

/**
 * A plausible value for a field, so that a request reaches the service: rows that exist by
 * their field's name in `ids`, `date` for every day, `month` for every month.
 */
export function plausible(
  name: string,
  schema: JsonSchema,
  known: { ids: Record<string, number>; date: string; month: string },
): unknown {
  const inner = schema.anyOf?.find((option) => option.type !== 'null') ?? schema;
  if (inner.enum) return inner.enum[0];
  if (name === 'weekdays') return ['thu'];
  // A list or an object by its shape first: a list of `prices` is no price.
  if (inner.type === 'array') return inner.items ? [plausible(name, inner.items, known)] : [];
  if (inner.type === 'object') {
    return Object.fromEntries(
      Object.entries(inner.properties ?? {}).map(([key, value]) => [
        key,
        plausible(key, value, known),
      ]),
    );
  }
  if (/month/i.test(name)) return known.month;
  if (/date|paidOn/i.test(name)) return known.date;
  if (/email/i.test(name)) return 'fuzz@example.com';
  if (/password/i.test(name)) return 'correct-horse-battery-staple';
  if (name === 'location') return sampleProfile('x').location;
  if (/zone|area/i.test(name)) return 'Honolulu';
  if (/phone/i.test(name)) return '(808) 555-0101';
  if (/price|amount|fee|minimum/i.test(name)) return '4.00';
  if (name === 'taxRate') return '4.712';
  if (name === 'unit') return 'lb';
  const id = known.ids[name];
  if (id !== undefined) return id;
  if (inner.type === 'integer' || inner.type === 'number') return 1;
  if (inner.type === 'boolean') return true;
  return 'Fuzz';
}
