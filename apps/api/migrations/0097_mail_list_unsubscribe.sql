-- Marketing mail (the cart reminder, issue 49) carries the page that ends it as its List-Unsubscribe header, which
-- mail programs offer as their own Unsubscribe button: the queue keeps it with the message (null: not marketing).
alter table mail_queue add column list_unsubscribe text;
