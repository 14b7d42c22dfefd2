-- An activity's payments are all of one initiative (the composite key), and the payment lists of
-- an activity ask for both. Without being told, PostgreSQL multiplies the two selectivities and
-- expects a handful of rows where there are thousands, so it sorts the whole activity instead of
-- reading its newest twenty from payments_activity_idx (docs/performance.md).
CREATE STATISTICS "payments_activity_initiative_stats" (dependencies) ON "activity_id", "initiative_id" FROM "payments";--> statement-breakpoint
ANALYZE "payments";
