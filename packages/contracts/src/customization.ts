// A cart line's customization as customers read it: plain, no schema (the storefront's cart reads it in its first
// load, `@platform/contracts/plain`).

/** A customization as customers read it: "engraving text: Ram, gift wrap: yes" (underscores of keys become spaces). */
export function customizationText(customization: Record<string, string>): string {
  return Object.entries(customization)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${value}`)
    .join(', ');
}
