-- Refresh rotation with a grace window: the pair a rotation gave is kept with the rotated token for a few seconds, so
-- that two tabs refreshing at the same moment both get it instead of the second looking like a stolen token.

alter table refresh_tokens add column successor text;
