import { SHOP_CURRENCY } from '@platform/contracts/currency';
import { countryChoices, regionLabel, regionNames } from '@platform/contracts/places';
import { closedDestinationMessage } from '@platform/contracts/plain';
import { useId, useMemo } from 'react';

/** Where the shopper delivers (the destination module's `Destination`, named here so the panel imports nothing of it). */
interface Place {
  country: string;
  region: string | null;
}

/** "EUR – Euro": a currency's code and its English name. */
function currencyChoice(code: string): string {
  try {
    return `${code} – ${new Intl.DisplayNames('en', { type: 'currency' }).of(code) ?? code}`;
  } catch {
    return code;
  }
}

/** A destination the shop closes to the product shown, with its words (issue 48). */
export interface ClosedDestination {
  country: string;
  region: string | null;
  message: string;
}

/**
 * The "Deliver to" select (every country by its English name), its state or region where the country's addresses
 * have one (a US state's sales tax is its own), the "Currency" select when the shop shows prices in other currencies
 * than its own (`currency`: the one prices are written in, null for the shop's own), and the destination's notice
 * under them; the shop's words when the destination chosen is closed to the product shown.
 */
export function DeliverToPanel({
  destination,
  notice,
  closed,
  onChoose,
  currencies,
  currency,
  onCurrency,
}: {
  destination: Place | null;
  notice: string | null;
  closed: readonly ClosedDestination[];
  onChoose: (place: Place) => void;
  currencies: readonly { code: string }[];
  currency: string | null;
  onCurrency: (code: string) => void;
}) {
  const closedMessage = destination ? closedDestinationMessage(closed, destination) : null;
  const id = useId();
  const choices = useMemo(countryChoices, []);
  const codes = useMemo(() => [SHOP_CURRENCY, ...currencies.map((listed) => listed.code)], [currencies]);
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
      {currencies.length > 0 && (
        <div className="destination__choice">
          <label htmlFor={`${id}-currency`}>Currency</label>
          <select
            id={`${id}-currency`}
            className="destination__select"
            value={currency ?? SHOP_CURRENCY}
            onChange={(event) => onCurrency(event.target.value)}
          >
            {codes.map((code) => (
              <option key={code} value={code}>
                {currencyChoice(code)}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="destination__notice" aria-live="polite">
        {notice}
      </p>
      <div aria-live="polite">{closedMessage && <p className="destination__closed">{closedMessage}</p>}</div>
    </>
  );
}
