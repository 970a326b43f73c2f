/**
 * Deterministic job ids. BullMQ dedups only by job id (never by data) and refuses ids that
 * contain `:` (its key separator), while record ids may contain `:` (URNs, imported
 * fileIdentifiers). Each id part is therefore percent-encoded, `:` included, which keeps
 * ids unique and readable in the queue dashboard.
 */
export function encodeJobIdPart(part: string): string {
  return encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `render-<recordId>-v<version>`: one render job per record version. */
export function renderJobId(recordId: string, version: number): string {
  return `render-${encodeJobIdPart(recordId)}-v${version}`;
}

/** `evt-<outboxId>`: one job per outbox event, so a re-sent event is not run twice. */
export function eventJobId(outboxId: number | string): string {
  return `evt-${encodeJobIdPart(String(outboxId))}`;
}

/**
 * `lintas-<organisationId>-<cause>`: one recount per organisation and causing event job
 * (`evt-<outbox id>`), so a re-run event does not queue it twice, while a change arriving
 * during a running recount still gets a recount of its own.
 */
export function lintasOrgRecountJobId(organisationId: string, causeJobId: string): string {
  return `lintas-${encodeJobIdPart(organisationId)}-${encodeJobIdPart(causeJobId)}`;
}

/** `harvest-<runId>`: one job per harvest run (the run row is the source's lock, job ids dedup the enqueue). */
export function harvestRunJobId(runId: string): string {
  return `harvest-${encodeJobIdPart(runId)}`;
}

/** `harvest-schedule-<sourceId>`: the BullMQ job scheduler of a source's cron schedule. */
export function harvestScheduleId(sourceId: string): string {
  return `harvest-schedule-${encodeJobIdPart(sourceId)}`;
}
