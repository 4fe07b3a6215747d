// The tax feature's public surface: where the shopper delivers to, and prices as that destination shows them, in the
// shopper's currency.
export { type Destination, readDestination, setDestination, useDestination, useShownPrices } from './destination.tsx';

/** The "Deliver to" control, loaded apart from the first load of the page that shows it (a split component). */
export const loadDeliverTo = async () => (await import('./components/deliver-to.tsx')).DeliverTo;
