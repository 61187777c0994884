CREATE TABLE "payment_deployment" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"deployment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_give_backs" (
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"payment_ref" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_give_backs_store_id_provider_payment_ref_pk" PRIMARY KEY("store_id","provider","payment_ref")
);
--> statement-breakpoint
CREATE INDEX "payment_give_backs_due_idx" ON "payment_give_backs" USING btree ("next_attempt_at") WHERE "payment_give_backs"."state" = 'due';