-- Issue 19 point 2: the XSD report of each stored document, made after the write by the
-- `document.xsd-check` job (libs/processors/xsd-check.processor.ts) against the official XSDs in
-- schemas/xsd. NULL = not checked yet; the job picks those up in batches (one schema compilation
-- per batch), so imports never wait for it. Our own check report stays in `validation`.
ALTER TABLE record_documents ADD COLUMN xsd jsonb;
CREATE INDEX record_documents_xsd_pending ON record_documents (created_at) WHERE xsd IS NULL AND xml IS NOT NULL;
