-- The colour of each picture's centre pixel, read once when the picture is stored (the product cards' background);
-- pictures stored before are read by the media module's job (`MEDIA_COLOUR_INTERVAL_SECONDS`).
alter table media_images add column centre_colour text;
