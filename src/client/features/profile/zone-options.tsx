import { ISLANDS, ZONES_BY_ISLAND } from '#core/delivery-zones';

/** The delivery zones as select options, grouped by island; the value is the zone's slug. */
export function ZoneOptions() {
  return (
    <>
      <option value="">No zone selected</option>
      {ISLANDS.map((island) => (
        <optgroup key={island} label={island}>
          {ZONES_BY_ISLAND[island].map((zone) => (
            <option key={zone.slug} value={zone.slug}>
              {zone.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
