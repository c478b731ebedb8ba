import type { z } from 'zod';

/**
 * Helpers for a form schema (react-hook-form's zod resolver) whose typed values become the body
 * the server's own schema checks: that schema's messages are said at the form's own fields.
 */

interface Message {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * The messages of a check, one per form field: `fieldOf` names the form field of a message's
 * path, dotted (null: said nowhere). The first message of a field stands, as the zod resolver
 * shows it, or the last with `keep: 'last'`.
 */
export function messagesByField(
  messages: readonly Message[],
  fieldOf: (path: string) => string | null = (path) => path,
  keep: 'first' | 'last' = 'first',
): Map<string, string> {
  const found = new Map<string, string>();
  for (const { path, message } of messages) {
    const field = fieldOf(path.map(String).join('.'));
    if (field !== null && (keep === 'last' || !found.has(field))) found.set(field, message);
  }
  return found;
}

/** Says each message at its form field (dotted), from inside a form schema's transform. */
export function addFieldIssues(
  ctx: z.RefinementCtx,
  messages: Iterable<readonly [field: string, message: string]>,
): void {
  for (const [field, message] of messages) {
    ctx.addIssue({ code: 'custom', path: field === '' ? [] : field.split('.'), message });
  }
}
