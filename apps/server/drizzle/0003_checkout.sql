-- Checkout and payment (issue 7). The simulated payment gateway keeps its payment intents and card
-- readers in the database, not in a process's memory, so every server process (and the dev
-- control that drives a reader) sees the same state (server-rules "Scale").
CREATE TABLE IF NOT EXISTS simulated_payment_intents (
  id text PRIMARY KEY,
  client_secret text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL DEFAULT 'usd',
  status text NOT NULL DEFAULT 'requires_payment_method',
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_error_code text,
  last_error_message text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS simulated_readers (
  id text PRIMARY KEY,
  -- What the dev control asked for the next checkout sent to this reader.
  next_status text,
  next_message text,
  -- The checkout the reader is working on, and how that ends.
  action_payment_intent_id text,
  action_status text,
  action_outcome text,
  action_message text,
  action_due_at timestamp with time zone,
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Start-up reconciliation looks for paid checkouts that never became orders.
CREATE INDEX IF NOT EXISTS checkouts_unfinished_idx ON checkouts (updated_at)
  WHERE order_id IS NULL AND payment_intent_id IS NOT NULL;
