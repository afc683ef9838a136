DROP INDEX "commission_lines_beneficiary_idx";--> statement-breakpoint
DROP INDEX "commission_lines_payer_idx";--> statement-breakpoint
CREATE INDEX "commission_lines_beneficiary_idx" ON "commission_lines" USING btree ("beneficiary_id","due_on","id");--> statement-breakpoint
CREATE INDEX "commission_lines_payer_idx" ON "commission_lines" USING btree ("payer_id","due_on","id");