import { Router } from 'express';
import { AppError } from '../../../libs/errors';
import { REFERENCE_LIST_NAMES, getReferenceList, isReferenceListName } from '../../../libs/catalogue/reference-lists';
import { staticJson } from './static-json';

/** GET /api/referensi/{jenis}: the public code lists, `[{kode, label}]`, cacheable. */
export function referensiRoutes(): Router {
  const r = Router();
  const handlers = new Map(REFERENCE_LIST_NAMES.map((name) => [name, staticJson(getReferenceList(name))]));
  r.get('/', staticJson(REFERENCE_LIST_NAMES));
  r.get('/:jenis', (req, res, next) => {
    const jenis = String(req.params.jenis);
    if (!isReferenceListName(jenis)) {
      next(new AppError('NOT_FOUND', `Daftar referensi "${jenis}" tidak dikenal.`, { extras: { valid: REFERENCE_LIST_NAMES } }));
      return;
    }
    handlers.get(jenis)!(req, res);
  });
  return r;
}
