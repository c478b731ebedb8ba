/** A profile's location is one string: "street, city, ST zip". */
export interface AddressParts {
  street: string;
  city: string;
  state: string;
  zip: string;
}

export function composeLocation({ street, city, state, zip }: AddressParts): string {
  return `${street.trim()}, ${city.trim()}, ${state.trim().toUpperCase()} ${zip.trim()}`;
}

const LOCATION_PATTERN = /^(.*),\s*([^,]*),\s*([A-Za-z]{0,2})\s*([^,\s]*)$/;

/** Splits a stored location back into its parts; anything unrecognised lands in street. */
export function parseLocation(location: string | null | undefined): AddressParts {
  const text = (location ?? '').trim();
  const match = LOCATION_PATTERN.exec(text);
  if (!match) return { street: text, city: '', state: '', zip: '' };
  const [, street = '', city = '', state = '', zip = ''] = match;
  return { street: street.trim(), city: city.trim(), state: state.toUpperCase(), zip };
}
