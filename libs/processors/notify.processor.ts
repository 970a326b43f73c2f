import { UnrecoverableError } from '../jobs/job-errors';
import type { JobContext, JobHandler } from '../jobs/job-handlers';
import type { RecordStatusChangedPayload } from '../jobs/job-payloads';
import { NotifyError, planNotifications, sendNotification, workflowEventKind, type Notification, type StatusChangeEvent } from '../notify';
import type { ProcessorDeps } from './processor-deps';

/**
 * Notifications of a workflow transition, in two steps so each message is retried on its
 * own: the `record.status-changed` job plans them (who, which channel, which text) and adds
 * one `notify` job per message under the message's key; the `notify` job sends it. The keys
 * make both steps idempotent: a re-run event job adds jobs whose ids already exist (queued,
 * done or failed), which the queue ignores, so nobody is told twice. All of this runs after
 * the transition committed, in the worker (or the embedded inline runner): a mail server
 * that is down never blocks or fails a transition.
 */
export async function fanOutNotifications(deps: ProcessorDeps, p: RecordStatusChangedPayload, ctx: JobContext): Promise<number> {
  if (!workflowEventKind(p.from, p.to)) return 0; // nobody hears about this transition
  const event: StatusChangeEvent = { recordId: p.recordId, from: p.from, to: p.to, version: p.version, actorId: p.actorId ?? null, authorId: p.authorId ?? null };
  const nctx = await deps.stores.notifyRecipients.loadContext(event, deps.baseUrl);
  if (!nctx) return 0; // deleted before the job ran
  const planned = planNotifications(event, nctx);
  for (const n of planned) await deps.enqueue('notify', n, { jobId: n.key });
  if (planned.length) ctx.logger.info({ recordId: p.recordId, from: p.from, to: p.to, messages: planned.length }, 'notifikasi dijadwalkan');
  return planned.length;
}

/** `notify`: sends one message; a refusal no retry can fix fails the job at once. */
export function notifyHandler(deps: ProcessorDeps): JobHandler<'notify'> {
  return async (payload, ctx) => {
    const n: Notification = payload;
    // the address itself stays out of the logs; key, channel and user identify the message
    const fields = { key: n.key, channel: n.channel, event: n.event, recordId: n.recordId, userId: n.userId, attempt: ctx.attempt };
    let result: Awaited<ReturnType<typeof sendNotification>>;
    try {
      result = await sendNotification(deps.notify, n);
    } catch (err) {
      if (err instanceof NotifyError && err.permanent) throw new UnrecoverableError(err.message);
      throw err;
    }
    if (result === 'sent') ctx.logger.info(fields, 'notifikasi terkirim');
    else ctx.logger.info(fields, 'kanal notifikasi tidak dikonfigurasi; dilewati');
  };
}
