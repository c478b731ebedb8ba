import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { FOLD_FROM, FOLD_TO } from '#core/text-fold';

/** A string constant of ours written into the SQL, quotes doubled: the same text in every query. */
const constant = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

/**
 * The SQL twin of core's foldText: lower case, kahakō vowels as plain vowels, the ʻokina and
 * apostrophes removed. translate() and lower() are plain functions of PostgreSQL 15 and later
 * (no extension), and immutable, so an index can be made on the same expression. Both cases of
 * the Hawaiian letters are listed because lower() changes only ASCII letters in the C locale.
 */
export function foldedSql(value: SQL | AnyColumn): SQL<string> {
  return sql<string>`translate(lower(${value}), ${constant(FOLD_FROM)}, ${constant(FOLD_TO)})`;
}

/**
 * A person's name or, without one, their email, folded: the administrator's people list sorts
 * by it, and an index is made on the very same expression. Written with || rather than
 * concat_ws, which PostgreSQL does not call immutable.
 */
export function personSortName(
  firstName: AnyColumn,
  lastName: AnyColumn,
  email: AnyColumn,
): SQL<string> {
  return foldedSql(
    sql`coalesce(nullif(trim(coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, '')), ''), ${email})`,
  );
}

/**
 * The LIKE pattern of a search for `text` anywhere in a folded column: folded the same way, its
 * wildcards escaped so that a search for "50%" looks for those characters.
 */
export function foldedLikePattern(text: string): SQL<string> {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<string>`'%' || ${foldedSql(sql`${escaped}::text`)} || '%'`;
}
