import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What the docs name must exist: every migration file, every relative link (and the heading it
// points at), every path of the repository written in the text. No database needed.

const ROOT = resolve(import.meta.dirname, '../..');
const MIGRATIONS = readdirSync(join(ROOT, 'drizzle')).filter((name) => name.endsWith('.sql'));

/** Every page: docs/**\/*.md and the README. */
function pages(): string[] {
  const found: string[] = [join(ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return found;
}

const PAGES = pages().map((path) => ({
  path,
  name: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));

/** The text outside fenced code blocks, line for line (a fenced line is left empty). */
function outsideFences(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** A heading's anchor as GitHub makes it: lower case, punctuation out, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a page: its headings' (repeats numbered as GitHub does) and HTML ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of outsideFences(text).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = anchorOf(heading[1] ?? '');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1] ?? '');
  }
  return anchors;
}

const anchorsByFile = new Map<string, Set<string>>();
function anchorsOfFile(path: string): Set<string> {
  let anchors = anchorsByFile.get(path);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(path, 'utf8'));
    anchorsByFile.set(path, anchors);
  }
  return anchors;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

describe('the docs', () => {
  it('name only migration files that exist in drizzle/', () => {
    const problems: string[] = [];
    for (const { name, text } of PAGES) {
      // drizzle/0025_stock_take_refusal.sql, 0025_stock_take_refusal.sql, 0025_stock_take_refusal
      for (const match of text.matchAll(/(?<![\w-])(\d{4}_[a-z][a-z0-9_]*)(?:\.sql)?(?![\w-])/g)) {
        const file = `${match[1]}.sql`;
        if (!MIGRATIONS.includes(file)) {
          problems.push(`${name}:${lineOf(text, match.index)} names ${file}, not in drizzle/`);
        }
      }
      // "migration 0019", "migration (0012)"
      for (const match of text.matchAll(/\bmigrations?\s+\(?(\d{4})\b/gi)) {
        const number = match[1] ?? '';
        if (!MIGRATIONS.some((file) => file.startsWith(`${number}_`))) {
          problems.push(
            `${name}:${lineOf(text, match.index)} names migration ${number}, not in drizzle/`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const problems: string[] = [];
    for (const { path, name, text } of PAGES) {
      const prose = outsideFences(text);
      for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1] ?? '';
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const at = `${name}:${lineOf(prose, match.index)}`;
        const [file = '', anchor] = target.split('#');
        const linked = file === '' ? path : resolve(dirname(path), decodeURI(file));
        if (!existsSync(linked)) {
          problems.push(`${at} links to ${target}: no such file`);
          continue;
        }
        if (anchor !== undefined && linked.endsWith('.md') && !anchorsOfFile(linked).has(anchor)) {
          problems.push(`${at} links to ${target}: no such heading`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('name only paths of the repository that exist', () => {
    const problems: string[] = [];
    for (const { name, text } of PAGES) {
      // A path from the repository's root, as `src/server/db/database.ts` or tests/api/x.test.ts;
      // one written with a placeholder (NNN, *, {id}) is a pattern, not a file.
      const paths = /(?<![\w./-])((?:src|tests|scripts|drizzle|docs|\.ci)\/[\w./@-]*\w)([*{<]?)/g;
      for (const match of text.matchAll(paths)) {
        const [, path = '', pattern] = match;
        if (pattern || /NNN/.test(path)) continue;
        if (!existsSync(join(ROOT, path))) {
          problems.push(`${name}:${lineOf(text, match.index)} names ${path}: no such file`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('find the headings they link to as GitHub names them', () => {
    expect(anchorOf('Orders under load (`POST /api/orders`)')).toBe(
      'orders-under-load-post-apiorders',
    );
    expect(anchorOf('Security: threat → defence → test')).toBe('security-threat--defence--test');
    expect(anchorOf("The renders a store's change draws at once")).toBe(
      'the-renders-a-stores-change-draws-at-once',
    );
    expect(anchorOf('The full run, 2026-11-27')).toBe('the-full-run-2026-11-27');
  });
});
