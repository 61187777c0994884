CREATE INDEX "customers_unfinished_idx" ON "customers" USING btree ("created_at") WHERE kind = 'guest' OR (email IS NOT NULL AND email_verified_at IS NULL AND phone_verified_at IS NULL);--> statement-breakpoint
CREATE INDEX "one_time_codes_expires_idx" ON "one_time_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_done_idx" ON "outbox" USING btree ("created_at") WHERE status <> 'pending';--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_revoked_idx" ON "sessions" USING btree ("revoked_at") WHERE revoked_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "throttles_window_ends_idx" ON "throttles" USING btree ("window_ends_at");