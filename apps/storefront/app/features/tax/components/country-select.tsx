import { countryChoices } from '@platform/contracts/shipping';
import { useMemo } from 'react';
import { type Destination, setDestination } from '../destination.ts';

/**
 * The "Deliver to" select: every country by its English name. Loaded apart from the pages' first load (the list of
 * countries is the shipping contracts'); choosing one keeps it as the shopper's destination.
 */
export function CountrySelect({ id, destination }: { id: string; destination: Destination | null }) {
  const choices = useMemo(countryChoices, []);
  return (
    <select
      id={id}
      className="destination__select"
      value={destination?.country ?? ''}
      onChange={(event) => {
        const country = event.target.value;
        if (!country) return;
        setDestination({ country, region: country === destination?.country ? destination.region : null });
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
  );
}
