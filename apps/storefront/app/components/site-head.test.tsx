import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Favicon, GoogleAnalytics } from './site-head.tsx';

describe('Favicon', () => {
  it.each([
    ['/media/t1/site/favicon.svg', 'image/svg+xml'],
    ['/media/t1/site/favicon.PNG', 'image/png'],
    ['/media/t1/site/favicon.ico', 'image/x-icon'],
  ])('types %s as %s and loads it from the media host', (favicon, type) => {
    const html = renderToStaticMarkup(<Favicon favicon={favicon} mediaHost="https://cdn.example" />);
    expect(html).toBe(`<link rel="icon" type="${type}" href="https://cdn.example${favicon}"/>`);
  });

  it('renders nothing without a favicon', () => {
    expect(renderToStaticMarkup(<Favicon favicon="" mediaHost="" />)).toBe('');
  });
});

describe('GoogleAnalytics', () => {
  it('loads and configures gtag with the id', () => {
    const html = renderToStaticMarkup(<GoogleAnalytics id="G-ABC123" />);
    expect(html).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"');
    expect(html).toContain(`gtag('config',"G-ABC123")`);
  });

  it('cannot be used to close the script tag', () => {
    const html = renderToStaticMarkup(<GoogleAnalytics id="</script><script>alert(1)" />);
    expect(html).not.toContain('</script><script>alert(1)');
  });

  it('renders nothing for an empty id', () => {
    expect(renderToStaticMarkup(<GoogleAnalytics id="" />)).toBe('');
  });
});
