ALTER TABLE "activities" ADD COLUMN "income_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "expenses_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "initiatives" ADD COLUMN "income_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "initiatives" ADD COLUMN "expenses_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Income and expenses of every initiative and activity are kept beside them, so that lists,
-- detail pages and grant totals read one row per initiative instead of summing its payments
-- (ADR 0013). Triggers on payments shift them in the transaction of every write, statement by
-- statement: a 5 000-line import is one update per initiative it touches, not 5 000.
-- A changed row counts once with its new amount and once, negated, with its old one; the
-- update of an initiative's row also queues concurrent writers to it, so no shift is lost.
CREATE FUNCTION payments_shift_totals(
  initiative_ids integer[], activity_ids integer[], incomes bigint[], expenses bigint[]
) RETURNS void LANGUAGE sql AS $$
  WITH changed AS (
    SELECT * FROM unnest(initiative_ids, activity_ids, incomes, expenses)
      AS c(initiative_id, activity_id, income, expense)
  ),
  by_initiative AS (
    SELECT initiative_id AS id, sum(income) AS income, sum(expense) AS expense
    FROM changed WHERE initiative_id IS NOT NULL GROUP BY initiative_id
    HAVING sum(income) <> 0 OR sum(expense) <> 0
  ),
  shifted_initiatives AS (
    UPDATE initiatives i
    SET income_cents = i.income_cents + d.income, expenses_cents = i.expenses_cents + d.expense
    FROM by_initiative d WHERE i.id = d.id
  ),
  by_activity AS (
    SELECT activity_id AS id, sum(income) AS income, sum(expense) AS expense
    FROM changed WHERE activity_id IS NOT NULL GROUP BY activity_id
    HAVING sum(income) <> 0 OR sum(expense) <> 0
  )
  UPDATE activities a
  SET income_cents = a.income_cents + d.income, expenses_cents = a.expenses_cents + d.expense
  FROM by_activity d WHERE a.id = d.id
$$;
--> statement-breakpoint
CREATE FUNCTION payments_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE initiatives SET income_cents = 0, expenses_cents = 0
      WHERE income_cents <> 0 OR expenses_cents <> 0;
    UPDATE activities SET income_cents = 0, expenses_cents = 0
      WHERE income_cents <> 0 OR expenses_cents <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM payments_shift_totals(array_agg(initiative_id), array_agg(activity_id),
      array_agg(greatest(amount_cents, 0)), array_agg(least(amount_cents, 0)))
    FROM new_rows WHERE initiative_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM payments_shift_totals(array_agg(initiative_id), array_agg(activity_id),
      array_agg(-greatest(amount_cents, 0)), array_agg(-least(amount_cents, 0)))
    FROM old_rows WHERE initiative_id IS NOT NULL;
  ELSE
    PERFORM payments_shift_totals(array_agg(initiative_id), array_agg(activity_id),
      array_agg(income), array_agg(expense))
    FROM (
      SELECT initiative_id, activity_id,
        greatest(amount_cents, 0) AS income, least(amount_cents, 0) AS expense
      FROM new_rows
      UNION ALL
      SELECT initiative_id, activity_id,
        -greatest(amount_cents, 0), -least(amount_cents, 0)
      FROM old_rows
    ) AS c
    WHERE initiative_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_totals_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_totals();
--> statement-breakpoint
CREATE TRIGGER payments_totals_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payments_totals();
--> statement-breakpoint
CREATE TRIGGER payments_totals_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_totals();
--> statement-breakpoint
CREATE TRIGGER payments_totals_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION payments_totals();
--> statement-breakpoint
-- Every total summed again from the payments, writers held off meanwhile; returns how many rows
-- were wrong. Fills the columns now, and `npm run totals:repair` runs it after any doubt.
CREATE FUNCTION payments_recompute_totals() RETURNS integer LANGUAGE sql AS $$
  LOCK TABLE payments IN SHARE MODE;
  WITH initiative_sums AS (
    SELECT i.id, coalesce(sum(greatest(p.amount_cents, 0)), 0) AS income,
      coalesce(sum(least(p.amount_cents, 0)), 0) AS expense
    FROM initiatives i LEFT JOIN payments p ON p.initiative_id = i.id GROUP BY i.id
  ),
  fixed_initiatives AS (
    UPDATE initiatives i SET income_cents = s.income, expenses_cents = s.expense
    FROM initiative_sums s
    WHERE i.id = s.id AND (i.income_cents <> s.income OR i.expenses_cents <> s.expense)
    RETURNING 1
  ),
  activity_sums AS (
    SELECT a.id, coalesce(sum(greatest(p.amount_cents, 0)), 0) AS income,
      coalesce(sum(least(p.amount_cents, 0)), 0) AS expense
    FROM activities a LEFT JOIN payments p ON p.activity_id = a.id GROUP BY a.id
  ),
  fixed_activities AS (
    UPDATE activities a SET income_cents = s.income, expenses_cents = s.expense
    FROM activity_sums s
    WHERE a.id = s.id AND (a.income_cents <> s.income OR a.expenses_cents <> s.expense)
    RETURNING 1
  )
  SELECT ((SELECT count(*) FROM fixed_initiatives) + (SELECT count(*) FROM fixed_activities))::integer
$$;
--> statement-breakpoint
SELECT payments_recompute_totals();
