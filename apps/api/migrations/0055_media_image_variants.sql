-- Responsive files of a stored picture: the widths at which it was also encoded in AVIF and WebP, smallest first
-- (`<key without .webp>-<width>w.avif` and `.webp`, made once when the picture is stored). Pictures stored before have
-- none, and pages show their one WebP file.
alter table media_images add column variant_widths integer[] not null default '{}';
-- A post's featured image and the site's pictures name their file by key: the page finds its size and variants by it.
create index media_images_key on media_images (tenant_id, image_key);
