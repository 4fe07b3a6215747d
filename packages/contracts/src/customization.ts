// A cart line's customization as customers read it: plain, no schema (the storefront's cart reads it in its first
// load, `@platform/contracts/plain`).

/** A customization as customers read it: "engraving text: Ram, gift wrap: yes" (underscores of keys become spaces). */
export function customizationText(customization: Record<string, string>): string {
  return Object.entries(customization)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${value}`)
    .join(', ');
}

/** What names an order line: its product, and its variant's option values as ordered (or its SKU when not known). */
export interface NamedOrderLine {
  product_name: string;
  variant: { sku: string; option_values: string[] } | null;
}

/** An order line as staff and documents name it: "Angkhola — 15 inch, Mirror", "Angkhola — SIR-12-M", "Angkhola". */
export function orderLineName(line: NamedOrderLine): string {
  if (!line.variant) return line.product_name;
  const options = line.variant.option_values.join(', ');
  return `${line.product_name} — ${options || line.variant.sku}`;
}
