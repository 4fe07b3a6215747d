-- Content administration: a post's excerpt (plain text, shown in lists), and archived contact messages (staff
-- archive a message once it is dealt with; it stays stored).

alter table blog_posts
  add column excerpt text not null default '' check (length(excerpt) <= 1000);

alter table contact_messages
  add column is_archived boolean not null default false;
create index contact_messages_archived on contact_messages (tenant_id, is_archived, created_at desc);

-- Staff list comments newest first, filtered by post or approval.
create index blog_comments_moderation on blog_comments (tenant_id, is_approved, created_at desc);
