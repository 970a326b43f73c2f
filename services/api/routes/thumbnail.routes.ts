import { createHash } from 'node:crypto';
import express, { Router, type Request, type RequestHandler } from 'express';
import { AppError } from '../../../libs/errors';
import { THUMBNAIL_TYPES, isThumbnailType, sniffImageType, type ThumbnailType } from '../../../libs/objectstore/image-type';
import { imageSize } from '../../../libs/objectstore/image-size';
import type { AppDeps } from '../app-deps';
import { actorOf, requireAuth } from '../http/auth-guards';
import { notModified } from '../http/etag';
import { sendRecord } from '../presenters/record.presenter';

/** 2 MB: the largest browse graphic accepted (413 above). */
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/**
 * 40 megapixels: the most pixels a browse graphic may declare (413 above). A few megabytes of
 * PNG can declare 60,000 × 60,000 pixels, and every browser showing it would decode that.
 */
export const THUMBNAIL_MAX_PIXELS = 40_000_000;

/** The request paths (under /api) that carry image bodies; require-json lets image types through here only. */
export const THUMBNAIL_PATH = /^\/metadata\/[^/]+\/thumbnail\/?$/;

/** How long shared caches may keep a published record's graphic before revalidating (ETag). */
const PUBLIC_MAX_AGE_SECONDS = 300;

const contentEtag = (body: Uint8Array): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** express.raw with the 2 MB limit, its errors as problem documents that say 2 MB. */
const readImageBody: RequestHandler = (req, res, next) => {
  express.raw({ type: () => true, limit: THUMBNAIL_MAX_BYTES })(req, res, (err?: unknown) => {
    if (!err) return next();
    const e = err as { type?: string; status?: number };
    if (e.type === 'entity.too.large' || e.status === 413) {
      return next(new AppError('PAYLOAD_TOO_LARGE', 'Gambar pratinjau melebihi 2 MB.', { extras: { maxBytes: THUMBNAIL_MAX_BYTES } }));
    }
    next(err);
  });
};

function checkPixelCount(body: Buffer, type: ThumbnailType): void {
  const size = imageSize(body, type);
  if (!size) {
    throw new AppError('VALIDATION_FAILED', 'Ukuran gambar (lebar × tinggi) tidak dapat dibaca dari kepala berkas.', {
      extras: { errors: [{ path: '', message: 'Kepala berkas gambar rusak atau tidak lengkap' }] },
    });
  }
  if (size.width * size.height > THUMBNAIL_MAX_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', `Gambar pratinjau ${size.width} × ${size.height} piksel melebihi batas 40 megapiksel.`, {
      extras: { maxPixels: THUMBNAIL_MAX_PIXELS, width: size.width, height: size.height },
    });
  }
}

const requireImageType: RequestHandler = (req, _res, next) => {
  if (req.is([...THUMBNAIL_TYPES])) return next();
  next(new AppError('UNSUPPORTED_MEDIA_TYPE', `Kirim gambar dengan Content-Type salah satu dari ${THUMBNAIL_TYPES.join(', ')}.`, {
    extras: { accepted: THUMBNAIL_TYPES },
  }));
};

/**
 * Browse graphics of records (ISO graphicOverview), under /api/metadata/{id}/thumbnail.
 * Mounted before the session-only metadata routes: GET is public once the record is
 * PUBLISHED and otherwise follows the read rules (a record the caller may not read is a 404,
 * also for callers without a session); PUT follows the content-edit rules.
 */
export function thumbnailRoutes(deps: AppDeps): Router {
  const { thumbnails } = deps;
  const r = Router();

  r.put('/:id/thumbnail', requireAuth, requireImageType, readImageBody, async (req, res) => {
    const actor = actorOf(req);
    const id = req.params.id as string;
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const type = sniffImageType(body);
    if (!type) {
      throw new AppError('VALIDATION_FAILED', 'Isi berkas bukan gambar PNG, JPEG, atau WebP.', {
        extras: { errors: [{ path: '', message: 'Jenis gambar dikenali dari isinya; hanya PNG, JPEG dan WebP yang diterima' }] },
      });
    }
    checkPixelCount(body, type);
    const updated = await thumbnails.replace(actor, id, { body, contentType: type }, req.get('if-match') ?? undefined);
    // the same record view as every other mutating answer (permissions, allowedTransitions):
    // the workbench replaces its record with this body and reads those fields at once
    sendRecord(res, updated, actor);
  });

  r.get('/:id/thumbnail', async (req: Request, res) => {
    const id = req.params.id as string;
    const { isPublic, ...obj } = await thumbnails.read(req.user ? actorOf(req) : undefined, id);
    const etag = contentEtag(obj.body);
    res.set({
      ETag: etag,
      'Cache-Control': isPublic ? `public, max-age=${PUBLIC_MAX_AGE_SECONDS}` : 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    if (!isPublic) res.vary('Cookie');
    if (notModified(req, etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).type(isThumbnailType(obj.contentType) ? obj.contentType : 'application/octet-stream').send(Buffer.from(obj.body));
  });

  return r;
}
