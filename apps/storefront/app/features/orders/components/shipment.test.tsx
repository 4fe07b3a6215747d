import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShipmentBlock } from './shipment.tsx';

describe('ShipmentBlock', () => {
  it('shows the carrier and the tracking number, linked to the tracking page', () => {
    const html = renderToStaticMarkup(
      <ShipmentBlock
        shipment={{
          carrier: 'DHL Express',
          tracking_number: 'JD01',
          tracking_url: 'https://www.dhl.com/track?id=JD01',
        }}
      />,
    );
    expect(html).toContain('<dd>DHL Express</dd>');
    expect(html).toContain(
      '<a href="https://www.dhl.com/track?id=JD01" target="_blank" rel="noopener noreferrer">JD01</a>',
    );
  });

  it('shows the number alone without a web tracking page, and nothing for an order not shipped', () => {
    const html = renderToStaticMarkup(
      <ShipmentBlock shipment={{ carrier: 'Nepal Post', tracking_number: 'RR123NP', tracking_url: '' }} />,
    );
    expect(html).toContain('<dd>RR123NP</dd>');
    expect(html).not.toContain('<a ');
    expect(renderToStaticMarkup(<ShipmentBlock shipment={null} />)).toBe('');
  });
});
