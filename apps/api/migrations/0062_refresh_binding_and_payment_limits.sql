-- A rotated refresh token answers its successor pair within the grace window only to the client that rotated it
-- (decision 003): a keyed digest of that client's address and user agent, cleared with the pair after the window.
-- Another client presenting the token within the window is a replay: the whole sign-in is revoked.
alter table refresh_tokens add column rotated_by text;
