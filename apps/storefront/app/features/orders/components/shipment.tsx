import type { OrderShipment } from '@platform/contracts';

/** How a shipped order travels: carrier and tracking number, linked to the carrier's tracking page when there is one. */
export function ShipmentBlock({ shipment }: { shipment: OrderShipment | null }) {
  if (!shipment) return null;
  const trackable = /^https?:\/\//.test(shipment.tracking_url);
  return (
    <section className="order-panel" aria-labelledby="shipment">
      <h2 id="shipment">Shipment</h2>
      <dl className="order-facts">
        <div>
          <dt>Carrier</dt>
          <dd>{shipment.carrier}</dd>
        </div>
        <div>
          <dt>Tracking number</dt>
          <dd>
            {trackable ? (
              <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                {shipment.tracking_number}
              </a>
            ) : (
              shipment.tracking_number
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
