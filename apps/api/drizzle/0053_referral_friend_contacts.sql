CREATE TABLE "referral_friend_contacts" (
	"store_id" integer NOT NULL,
	"contact" text NOT NULL,
	"order_id" integer NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "referral_friend_contacts_store_id_order_id_contact_pk" PRIMARY KEY("store_id","order_id","contact")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_friend_contacts_live_uq" ON "referral_friend_contacts" USING btree ("store_id","contact") WHERE "referral_friend_contacts"."released_at" IS NULL;--> statement-breakpoint
-- Referrals recorded before this table kept their one contact on the referral itself.
INSERT INTO "referral_friend_contacts" ("store_id", "contact", "order_id", "released_at")
SELECT "store_id", "friend_contact", "order_id", "released_at" FROM "order_referrals";
