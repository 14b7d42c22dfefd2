-- Every write to what the public can read tells the API servers, so that each can drop the
-- anonymous responses it keeps in memory (src/http/public-cache.ts, ADR 0014). NOTIFY is
-- delivered on commit, once per transaction however many statements and rows it wrote, and
-- never for a rolled-back write. Password tokens, the audit log and
-- statement previews are never public and stay out.
CREATE FUNCTION notify_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('helder_public_change', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'funders', 'regulations', 'regulation_officers', 'grants', 'grant_overseers',
    'initiatives', 'initiative_owners', 'activities', 'activity_owners', 'users',
    'payments', 'payment_attachments', 'bank_accounts', 'bank_account_users'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION notify_public_change()',
      t || '_notify_public_change', t);
  END LOOP;
END $$;
