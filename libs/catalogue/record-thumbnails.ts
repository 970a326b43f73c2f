import { AppError } from '../errors';
import type { MetadataRecord } from './record.types';
import type { RecordsService } from './records.service';
import { checkIfMatch } from './records-input';
import { publishedEditRefusal } from './record-revisions';
import type { Actor } from './user.types';
import { canEditContent, canReadRecord, recordNotFound } from './visibility';

/** Where the uploaded browse graphics live (the object store, keyed by record id). */
export interface ThumbnailImages {
  put(recordId: string, body: Uint8Array, contentType: string): Promise<void>;
  get(recordId: string): Promise<{ body: Uint8Array; contentType: string } | undefined>;
}

export interface ThumbnailsDeps {
  records: RecordsService;
  /** the record as stored, whoever asks (the public read of a PUBLISHED record's graphic) */
  findRecord(id: string): Promise<MetadataRecord | undefined>;
  images: ThumbnailImages;
  /** the public URL of a record's uploaded graphic, as the document's thumbnailUrl names it */
  urlOf(recordId: string): string;
}

export interface RecordThumbnails {
  /** stores the image and points the document at it (a content edit: version + 1, re-render) */
  replace(actor: Actor, id: string, image: { body: Uint8Array; contentType: string }, ifMatch?: string): Promise<MetadataRecord>;
  /** the uploaded graphic and whether the record is public; 404 for a record the caller may not read */
  read(actor: Actor | undefined, id: string): Promise<{ body: Uint8Array; contentType: string; isPublic: boolean }>;
}

/**
 * Browse graphics (ISO graphicOverview) of records: a graphic is part of the content, so
 * replacing one follows the content-edit rules; reading one is public once the record is
 * PUBLISHED and otherwise follows the read rules.
 */
export function createRecordThumbnails(deps: ThumbnailsDeps): RecordThumbnails {
  return {
    async replace(actor, id, image, ifMatch) {
      // the rules first, so a refused caller stores nothing
      const rec = await deps.records.get(actor, id);
      // a published record's graphic changes through a revision, like the rest of its content
      const published = publishedEditRefusal(rec);
      if (published) throw published;
      if (!canEditContent(actor, rec)) {
        throw new AppError('FORBIDDEN', `Gambar pratinjau rekaman berstatus ${rec.status} hanya dapat diubah oleh pihak yang boleh mengubah isinya.`);
      }
      checkIfMatch(rec.version, ifMatch);
      await deps.images.put(id, image.body, image.contentType);
      // through the use case: version + 1, history-free content change, record.updated → re-render with graphicOverview
      return deps.records.patch(actor, id, { thumbnailUrl: deps.urlOf(id) }, ifMatch);
    },

    async read(actor, id) {
      const rec = await deps.findRecord(id);
      if (!rec) throw recordNotFound();
      const isPublic = rec.status === 'PUBLISHED';
      if (!isPublic && !(actor && canReadRecord(actor, rec))) throw recordNotFound();
      // only our own upload is served; a thumbnailUrl pointing elsewhere is the client's to fetch
      const obj = rec.thumbnailUrl === deps.urlOf(id) ? await deps.images.get(id) : undefined;
      if (!obj) throw new AppError('NOT_FOUND', 'Rekaman ini belum memiliki gambar pratinjau yang diunggah.');
      return { ...obj, isPublic };
    },
  };
}
