-- Links sent before this migration carry no fingerprint to check: void them rather than trust them.
DELETE FROM "password_resets";--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "credentials_fingerprint" text NOT NULL;
