-- The home page is the shop's own (issue 45): its texts were written in the storefront's code, so every shop showed
-- the demo's "Hand-forged in Dharan, Nepal". One row per shop holds the hero (eyebrow, title, intro, picture and its
-- alt text), the story (heading, text, picture and its alt text) and what the featured shelf shows: the products
-- flagged as featured, a category's products, or products chosen in order. `hero_intro` and `story_text` are rich
-- text, sanitized on write. A shop without a row is shown defaults made from its own name.
create table home_pages (
  tenant_id integer not null references tenants (id) on delete cascade,
  hero_eyebrow text not null default '' check (length(hero_eyebrow) <= 100),
  hero_title text not null default '' check (length(hero_title) <= 150),
  hero_intro text not null default '' check (length(hero_intro) <= 8000),
  hero_image text not null default '' check (length(hero_image) <= 300),
  hero_image_alt text not null default '' check (length(hero_image_alt) <= 250),
  story_heading text not null default '' check (length(story_heading) <= 150),
  story_text text not null default '' check (length(story_text) <= 40000),
  story_image text not null default '' check (length(story_image) <= 300),
  story_image_alt text not null default '' check (length(story_image_alt) <= 250),
  featured_heading text not null default '' check (length(featured_heading) <= 100),
  featured_source text not null default 'flagged' check (featured_source in ('flagged', 'category', 'products')),
  featured_category_id integer,
  featured_product_ids integer[] not null default '{}' check (cardinality(featured_product_ids) <= 8),
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);

-- The demo shop keeps the words its home page showed.
insert into home_pages (tenant_id, hero_eyebrow, hero_title, hero_intro, story_heading, story_text, featured_heading)
select tenants.id,
       'Hand-forged in Dharan, Nepal',
       coalesce(nullif(site_settings.site_title, ''), tenants.name),
       '<p>Forged in the foothills. Carried for a lifetime.</p>'
         || '<p>Every blade forged by hand by a Kami smith, tested on hardwood, and shipped worldwide with its sheath, '
         || 'karda and chakmak.</p>',
       'From our forge to your hands',
       coalesce('<p>' || replace(replace(replace(nullif(site_settings.history_summary, ''), '&', '&amp;'), '<', '&lt;'),
                                 '>', '&gt;') || '</p>', ''),
       'Featured khukuris'
  from tenants
  join site_settings on site_settings.tenant_id = tenants.id
 where tenants.token = 'khukuri-demo';
