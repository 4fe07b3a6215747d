-- A variant's own page (issue 45): the Angkhola's 15 inch said "a 10 inch blade" and "Blade length 10 inches (25 cm)"
-- because a variant had no words of its own. Each may now carry its lead text (null: the product's `description`),
-- its specification values (`[{key, value}]`: an entry replaces the product's attribute of the same key, or adds one
-- after them) and its pictures' alt texts (`[{image_id, alt_text}]`, `image_id` a `product_images` id of its product;
-- a picture it does not name keeps the product's text). The product page shows them when the variant is chosen.
alter table product_variants
  add column description text check (description is null or length(description) <= 5000),
  add column attributes jsonb not null default '[]'::jsonb check (jsonb_typeof(attributes) = 'array'),
  add column image_alt_texts jsonb not null default '[]'::jsonb check (jsonb_typeof(image_alt_texts) = 'array');
