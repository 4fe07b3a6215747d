import { countryChoices } from '@platform/contracts/shipping';
import { useId, useMemo } from 'react';
import { setDestination, useDestination } from '../destination.tsx';

/** The "Deliver to" select (every country by its English name) and the destination's notice under it. */
export function DeliverToPanel({ notice }: { notice: string | null }) {
  const id = useId();
  const destination = useDestination();
  const choices = useMemo(countryChoices, []);
  return (
    <>
      <div className="destination__choice">
        <label htmlFor={id}>Deliver to</label>
        <select
          id={id}
          className="destination__select"
          value={destination?.country ?? ''}
          onChange={(event) => {
            const country = event.target.value;
            // The region stays only with its country (a state of the United States is none of Canada's).
            if (country)
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
      </div>
      <p className="destination__notice" aria-live="polite">
        {notice}
      </p>
    </>
  );
}
