CREATE TABLE "saved_carts" (
	"store_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_carts_store_id_customer_id_pk" PRIMARY KEY("store_id","customer_id")
);
