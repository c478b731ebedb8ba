/*
 * The small page a person sees at a link from an email (an unsubscribe, a substitute's answer):
 * no sign-in, no script, the app's colours. Its forms post back to the same link.
 */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A button of the page: a form posting `fields` to `action`. */
export interface LinkPageForm {
  action: string;
  label: string;
  fields: Record<string, string>;
  /** Drawn as the lesser choice. */
  secondary?: boolean;
}

export function linkPage(body: {
  title: string;
  message: string;
  /** Lines shown under the message, each its own paragraph. */
  lines?: string[];
  forms?: LinkPageForm[];
}): string {
  const lines = (body.lines ?? []).map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const forms = (body.forms ?? [])
    .map((form) => {
      const fields = Object.entries(form.fields)
        .map(
          ([name, value]) =>
            `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      return `<form method="post" action="${escapeHtml(form.action)}">${fields}<button type="submit"${form.secondary ? ' class="secondary"' : ''}>${escapeHtml(form.label)}</button></form>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(body.title)} · Harvest Hui</title><style>body{font-family:system-ui,sans-serif;color:#111827;background:#f9fafb;margin:0;padding:24px}main{max-width:480px;margin:10vh auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:24px}h1{font-size:20px;margin:0 0 12px}p{line-height:1.5}form{display:inline-block;margin:0 12px 12px 0}button{background:#15803d;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;min-height:44px;cursor:pointer}button.secondary{background:#fff;color:#15803d;border:2px solid #15803d}button:focus-visible{outline:3px solid #86efac;outline-offset:2px}a{color:#15803d}</style></head><body><main><h1>${escapeHtml(body.title)}</h1><p>${escapeHtml(body.message)}</p>${lines}${forms}<p><a href="/">Harvest Hui</a></p></main></body></html>`;
}
