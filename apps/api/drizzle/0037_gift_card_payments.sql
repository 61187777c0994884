CREATE TABLE "gift_card_sendings" (
	"store_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"send_on" date,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_sendings_store_id_order_line_id_pk" PRIMARY KEY("store_id","order_line_id")
);
--> statement-breakpoint
ALTER TABLE "gift_card_events" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gift_recipient" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_line_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_unit" integer;