/**
 * How search and sorting by name read Hawaiian: without case, a kahakō vowel as its plain
 * vowel, and the ʻokina (or an apostrophe typed for it) as nothing. So "waianae" finds
 * "Waiʻanae", "'ulu" finds "ʻUlu", "hamakua" finds "Hāmākua", and "ʻUlu" sorts among the U's.
 *
 * The server does the same in SQL (`foldedSql` in server/db/fold.ts), with these same strings as
 * the arguments of PostgreSQL's translate(): each character of FOLD_FROM becomes the one at the
 * same place in FOLD_TO, and those past its end are removed.
 */
export const FOLD_FROM = 'āēīōūĀĒĪŌŪ\u02bb\u02bc\u2018\u2019\u0060\u0304\u0027';
export const FOLD_TO = 'aeiouaeiou';

const FOLDED = new Map<string, string>(
  [...FOLD_FROM].map((character, index) => [character, FOLD_TO[index] ?? '']),
);

/** The text as search and name sorting compare it: lower case, kahakō and ʻokina folded away. */
export function foldText(value: string): string {
  let folded = '';
  for (const character of value.toLowerCase()) folded += FOLDED.get(character) ?? character;
  return folded;
}

/** Orders by the folded name first and the name as written second, like the server's lists. */
export function compareNames(a: string, b: string): number {
  return foldText(a).localeCompare(foldText(b)) || (a < b ? -1 : a > b ? 1 : 0);
}
