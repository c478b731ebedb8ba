import { strToU8, zipSync } from 'fflate';
import { isFarmActor, isRestaurantActor, type PersonActor } from '#core/actor';
import { asciiSlug } from '#core/file-name';
import type { AccountingExportQuery } from '#core/schemas/accounting';
import type { Db } from '../../db/database';
import { forbidden } from '../../errors';
import { booksOf } from './books';
import { accountingFiles } from './layouts';

/** A zip archive ready to send as a download. */
export interface ZipFile {
  filename: string;
  body: Uint8Array;
}

/**
 * The accounting export of a farm's person (its sales) or a restaurant's person (its
 * purchases): the chosen program's files for the period, zipped, since each layout is an
 * invoices (or bills) file and a payments file. Anyone else has no books here.
 */
export async function accountingExport(
  db: Db,
  who: PersonActor,
  query: AccountingExportQuery,
): Promise<ZipFile> {
  if (!isFarmActor(who) && !isRestaurantActor(who)) {
    throw forbidden('Only farms and restaurants have books to export');
  }
  const books = await booksOf(db, who, query);
  const files = accountingFiles(books, query.format);
  const body = zipSync(
    Object.fromEntries(files.map((file) => [file.filename, strToU8(file.body)])),
  );
  const owner = asciiSlug(books.business.name) || `${who.business.kind}-${books.business.id}`;
  return { filename: `${query.format}-${owner}-${query.from}-to-${query.to}.zip`, body };
}
