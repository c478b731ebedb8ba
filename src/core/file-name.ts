/**
 * A name as the ASCII words of a download's file name: "Kaʻū Farm" -> "kau-farm". The ʻokina
 * and apostrophes go (they are not word breaks), kahakō and other accents fold to the plain
 * letter, anything else between words becomes one hyphen; "" when nothing ASCII is left.
 */
export function asciiSlug(name: string): string {
  return name
    .replace(/[\u02bb\u02bc'\u2018\u2019`]/g, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
