import type { Distribution, MetadataDoc } from './record.types';

/**
 * A service's connect points are read into `distributions` as well as into `operations`, marked
 * `operation` (libs/import/map-iso.ts), so that search, links and the record page list every address of the
 * service. They are the operations' elements: an edit of the distributions owns the other links
 * only (the transfer options' onLine elements), and an edit that changes a connect point's entry
 * is refused by the records service rather than dropped (change the operation instead).
 */
export const isOperationLink = (d: Distribution): boolean => d.operation === true;

/** The links a distributions edit owns: those that are not connect points; undefined for none. */
export function editableDistributions(list: readonly Distribution[] | undefined): Distribution[] | undefined {
  const own = (list ?? []).filter((d) => !isOperationLink(d));
  return own.length ? own : undefined;
}

/** The connect points' entries of a record, in order. */
export function operationLinks(doc: Pick<MetadataDoc, 'distributions'>): Distribution[] {
  return (doc.distributions ?? []).filter(isOperationLink);
}

/** The record without the connect points' entries: what the render writes as distribution links. */
export function withoutOperationLinks<T extends Pick<MetadataDoc, 'distributions'>>(doc: T): T {
  if (!doc.distributions?.some(isOperationLink)) return doc;
  const own = editableDistributions(doc.distributions);
  const out = { ...doc };
  if (own) out.distributions = own;
  else delete out.distributions;
  return out;
}
