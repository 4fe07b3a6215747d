import { useEffect } from 'react';

/** The row checkboxes of react-admin's lists with bulk actions (`Select this row`). */
const ROW_CHECKBOX = '.RaDatagrid-checkbox[aria-label]';

/**
 * Names each list row's selection checkbox. react-admin 5 puts its label ("Select this row") on the checkbox's outer
 * span, where assistive technology does not read it, and leaves the input itself unnamed (axe: `label`,
 * `aria-prohibited-attr`); this moves the label to the input, for every list the layout shows.
 */
export function useLabelledRowCheckboxes(): void {
  useEffect(() => {
    const label = () => {
      for (const wrapper of document.querySelectorAll<HTMLElement>(ROW_CHECKBOX)) {
        const input = wrapper.querySelector('input');
        const name = wrapper.getAttribute('aria-label');
        if (!input || !name) continue;
        input.setAttribute('aria-label', name);
        wrapper.removeAttribute('aria-label');
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(document.body, { childList: true, subtree: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, []);
}
