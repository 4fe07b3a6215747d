import { regionLabel, regionNames } from '@platform/contracts/address';
import { countryChoices } from '@platform/contracts/shipping';
import { useId, useMemo } from 'react';

/** Where the shopper delivers (the destination module's `Destination`, named here so the panel imports nothing of it). */
interface Place {
  country: string;
  region: string | null;
}

/**
 * The "Deliver to" select (every country by its English name), its state or region where the country's addresses
 * have one (a US state's sales tax is its own), and the destination's notice under them.
 */
export function DeliverToPanel({
  destination,
  notice,
  onChoose,
}: {
  destination: Place | null;
  notice: string | null;
  onChoose: (place: Place) => void;
}) {
  const id = useId();
  const choices = useMemo(countryChoices, []);
  const country = destination?.country ?? null;
  const regions = regionNames(country);
  const regionKind = regionLabel(country) ?? 'Region';
  return (
    <>
      <div className="destination__choice">
        <label htmlFor={`${id}-country`}>Deliver to</label>
        <select
          id={`${id}-country`}
          className="destination__select"
          value={country ?? ''}
          onChange={(event) => {
            const chosen = event.target.value;
            // The region stays only with its country (a state of the United States is none of Canada's).
            if (chosen)
              onChoose({ country: chosen, region: chosen === country ? (destination?.region ?? null) : null });
          }}
        >
          <option value="" disabled>
            Choose a country
          </option>
          {choices.map((choice) => (
            <option key={choice.code} value={choice.code}>
              {choice.name}
            </option>
          ))}
        </select>
        {country && regions.length > 0 && (
          <>
            <label htmlFor={`${id}-region`}>{regionKind}</label>
            <select
              id={`${id}-region`}
              className="destination__select"
              value={destination?.region ?? ''}
              onChange={(event) => onChoose({ country, region: event.target.value || null })}
            >
              <option value="">Choose one</option>
              {regions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <p className="destination__notice" aria-live="polite">
        {notice}
      </p>
    </>
  );
}
