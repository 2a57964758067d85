-- One lead per badge and organization (server-rules "Badge scanning"): scanning a badge again
-- updates the lead (details, consent answer, scanning user) instead of adding a second one.
-- lead_key is the badge id, else the lower-cased email, else the name and company.
ALTER TABLE leads ADD COLUMN IF NOT EXISTS lead_key text;
--> statement-breakpoint
UPDATE leads SET lead_key = coalesce(
  nullif(badge->>'badgeId', ''),
  nullif(lower(badge->>'email'), ''),
  lower(concat_ws('|', badge->>'firstName', badge->>'lastName', badge->>'company'))
) WHERE lead_key IS NULL;
--> statement-breakpoint
DELETE FROM leads older USING leads newer
  WHERE older.organization_id = newer.organization_id AND older.lead_key = newer.lead_key AND older.id < newer.id;
--> statement-breakpoint
ALTER TABLE leads ALTER COLUMN lead_key SET NOT NULL;
--> statement-breakpoint
ALTER TABLE leads ADD COLUMN IF NOT EXISTS updated_at timestamp with time zone NOT NULL DEFAULT now();
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS leads_org_key_idx ON leads (organization_id, lead_key);
