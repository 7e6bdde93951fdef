DROP INDEX "sync_runs_active_idx";--> statement-breakpoint
DROP INDEX "label_batches_running_idx";--> statement-breakpoint
ALTER TABLE "sync_runs" DROP COLUMN "heartbeat_at";--> statement-breakpoint
ALTER TABLE "shipping_resolutions" DROP COLUMN "heartbeat_at";--> statement-breakpoint
ALTER TABLE "label_batches" DROP COLUMN "heartbeat_at";--> statement-breakpoint
-- Background work moved onto pg-boss jobs (docs/decisions.md, "Background work"). A pull or a batch left running by
-- the version before has no job of the new kind: the pull fails (its cursor is kept: the next pull resumes there),
-- and the batch's open orders fail with the reason (a retry of the batch queues them again).
UPDATE "sync_runs" SET "state" = 'failed', "worker_id" = NULL, "finished_at" = now(),
  "error" = COALESCE("error", 'Interrupted by an upgrade of Shipdesk; pull again to resume')
WHERE "state" IN ('queued', 'running');--> statement-breakpoint
UPDATE "label_batch_items" i SET "status" = 'failed', "updated_at" = now(),
  "message" = 'Interrupted by an upgrade of Shipdesk; retry the batch'
FROM "label_batches" b
WHERE b."tenant_id" = i."tenant_id" AND b."id" = i."batch_id" AND b."status" = 'running'
  AND i."status" IN ('queued', 'buying');--> statement-breakpoint
UPDATE "label_batches" b SET "status" = 'done', "finished_at" = now(), "worker" = NULL,
  "bought" = (SELECT count(*) FROM "label_batch_items" i
              WHERE i."tenant_id" = b."tenant_id" AND i."batch_id" = b."id" AND i."status" = 'bought'),
  "failed" = (SELECT count(*) FROM "label_batch_items" i
              WHERE i."tenant_id" = b."tenant_id" AND i."batch_id" = b."id" AND i."status" = 'failed')
WHERE b."status" = 'running';
