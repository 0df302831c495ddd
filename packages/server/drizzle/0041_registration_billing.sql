CREATE TABLE "email_confirmations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_confirmations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_subscription_options" (
	"gift_id" integer NOT NULL,
	"subscription_option_id" integer NOT NULL,
	CONSTRAINT "gift_subscription_options_gift_id_subscription_option_id_pk" PRIMARY KEY("gift_id","subscription_option_id")
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"stock" integer,
	"active" boolean DEFAULT false NOT NULL,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_stock_check" CHECK ("gifts"."stock" is null or "gifts"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "registration_topics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"label_de" text NOT NULL,
	"label_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"subscription_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount" integer NOT NULL,
	"tax_rate" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "subscription_invoices_state_check" CHECK ("subscription_invoices"."state" in ('open', 'paid', 'failed')),
	CONSTRAINT "subscription_invoices_currency_check" CHECK ("subscription_invoices"."currency" in ('EUR', 'CHF', 'GBP', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "subscription_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"gift_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"next_quantity" integer,
	"unit_price" integer NOT NULL,
	"shipped_at" timestamp with time zone,
	CONSTRAINT "subscription_items_kind_check" CHECK ("subscription_items"."kind" in ('plan', 'gift')),
	CONSTRAINT "subscription_items_quantity_check" CHECK ("subscription_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"tax_rate" integer NOT NULL,
	"period" text NOT NULL,
	"minimum_term" integer DEFAULT 1 NOT NULL,
	"notice_days" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_options_currency_check" CHECK ("subscription_options"."currency" in ('EUR', 'CHF', 'GBP', 'USD')),
	CONSTRAINT "subscription_options_period_check" CHECK ("subscription_options"."period" in ('month', 'quarter', 'year')),
	CONSTRAINT "subscription_options_price_check" CHECK ("subscription_options"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"user_id" integer,
	"option_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"tax_rate" integer NOT NULL,
	"minimum_term" integer NOT NULL,
	"notice_days" integer NOT NULL,
	"locale" text DEFAULT 'de_DE' NOT NULL,
	"payment_method" text NOT NULL,
	"sepa_account_holder" text,
	"sepa_iban" text,
	"sepa_iban_last4" text,
	"sepa_bic" text,
	"sepa_mandate_reference" text,
	"provider_subscription_id" text,
	"provider_session_id" text,
	"invoice_zip" text NOT NULL,
	"invoice_address" jsonb NOT NULL,
	"delivery_address" jsonb,
	"started_on" date,
	"current_period_start" date,
	"current_period_end" date,
	"minimum_term_end" date,
	"cancelled_on" date,
	"ends_on" date,
	"renewal_retry_at" timestamp with time zone,
	"renewal_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_state_check" CHECK ("subscriptions"."state" in ('pending', 'active', 'cancelled', 'ended')),
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."period" in ('month', 'quarter', 'year')),
	CONSTRAINT "subscriptions_currency_check" CHECK ("subscriptions"."currency" in ('EUR', 'CHF', 'GBP', 'USD')),
	CONSTRAINT "subscriptions_payment_method_check" CHECK ("subscriptions"."payment_method" in ('invoice', 'sepa', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "user_registration_topics" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	CONSTRAINT "user_registration_topics_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_subscription_options" ADD CONSTRAINT "gift_subscription_options_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_subscription_options" ADD CONSTRAINT "gift_subscription_options_subscription_option_id_subscription_options_id_fk" FOREIGN KEY ("subscription_option_id") REFERENCES "public"."subscription_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_options" ADD CONSTRAINT "subscription_options_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_option_id_subscription_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."subscription_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_registration_topics" ADD CONSTRAINT "user_registration_topics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_registration_topics" ADD CONSTRAINT "user_registration_topics_topic_id_registration_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."registration_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_confirmations_token_idx" ON "email_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_confirmations_user_idx" ON "email_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_confirmations_expires_idx" ON "email_confirmations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "gift_subscription_options_option_idx" ON "gift_subscription_options" USING btree ("subscription_option_id");--> statement-breakpoint
CREATE INDEX "gifts_image_idx" ON "gifts" USING btree ("image_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_number_idx" ON "subscription_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_period_idx" ON "subscription_invoices" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "subscription_invoices_subscription_idx" ON "subscription_invoices" USING btree ("subscription_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscription_items_subscription_idx" ON "subscription_items" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_items_gift_idx" ON "subscription_items" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "subscription_options_image_idx" ON "subscription_options" USING btree ("image_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_number_idx" ON "subscriptions" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_session_idx" ON "subscriptions" USING btree ("provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_idx" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_option_idx" ON "subscriptions" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("current_period_end","id") WHERE "subscriptions"."state" in ('active', 'cancelled');--> statement-breakpoint
CREATE INDEX "user_registration_topics_topic_idx" ON "user_registration_topics" USING btree ("topic_id");