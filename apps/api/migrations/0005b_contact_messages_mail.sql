-- Contact messages are mailed through the shared background mailer, which retries and logs on its own and reports
-- no outcome to the request: the mail status columns would stay 'pending' forever, so they go.
alter table contact_messages drop column mail_status;
alter table contact_messages drop column mail_error;
