import type { Request, Response } from 'express';
import { contentEtag, notModified } from '../http/etag';

/**
 * A JSON document that never changes while the process runs, serialised and hashed once.
 * Public and cacheable: clients and proxies revalidate with the ETag.
 */
export function staticJson(value: unknown, contentType = 'application/json', maxAgeSeconds = 3600) {
  const body = JSON.stringify(value);
  const etag = contentEtag(body);
  return (req: Request, res: Response): void => {
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', `public, max-age=${maxAgeSeconds}`);
    if (notModified(req, etag)) {
      res.status(304).end();
      return;
    }
    res.type(contentType).send(body);
  };
}
