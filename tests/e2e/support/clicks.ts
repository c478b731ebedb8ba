import type { BrowserContext } from 'playwright-core';

/**
 * Counts every click a person makes on the pages of a context: a listener on each document,
 * in the capture phase (so nothing the page does stops it), reports each trusted click with
 * what was clicked. Typing is not a click; the browser's own dialogs (print, file picker) are
 * not on the page and are not counted. `extra` takes what the listener cannot see, such as
 * choosing an option of a native <select> in its own pop-up list.
 */
export async function countClicks(context: BrowserContext) {
  const clicks: string[] = [];
  await context.exposeBinding('__harvestHuiClick', (_source, what: string) => {
    clicks.push(what);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'click',
      (event) => {
        if (!event.isTrusted) return;
        const target = event.target instanceof Element ? event.target : null;
        const control = target?.closest('button, a, [role="button"], input, select, label');
        const what =
          control?.getAttribute('aria-label') ??
          control?.textContent?.trim() ??
          target?.tagName ??
          'page';
        (window as unknown as { __harvestHuiClick: (what: string) => void }).__harvestHuiClick(
          what.replace(/\s+/g, ' ').slice(0, 80),
        );
      },
      true,
    );
  });
  return {
    clicks,
    get count() {
      return clicks.length;
    },
    extra(what: string) {
      clicks.push(what);
    },
  };
}
