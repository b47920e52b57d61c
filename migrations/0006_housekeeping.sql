CREATE INDEX `notifications_read_created_idx` ON `notifications` (`read`,`created_at`);--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_start`);