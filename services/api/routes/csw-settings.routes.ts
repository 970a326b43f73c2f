import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { AppError, validationError, type FieldError } from '../../../libs/errors';
import { requireServiceAdmin } from '../http/auth-guards';
import { SERVICE_IDENTITY_FIELDS, loadServiceIdentity, saveServiceIdentity } from '../../../libs/db/service-identity.repository';
import type { ServiceIdentity } from '../../../libs/config';

const MAX_LENGTH = { abstract: 4000 } as Partial<Record<keyof ServiceIdentity, number>>;

function parseIdentity(body: unknown): ServiceIdentity {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', 'Isi permintaan harus objek JSON berisi identitas CSW.');
  }
  const input = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const key of Object.keys(input)) {
    if (!(SERVICE_IDENTITY_FIELDS as readonly string[]).includes(key)) errors.push({ path: `/${key}`, message: 'Properti tidak dikenal.' });
  }
  const out = {} as ServiceIdentity;
  for (const f of SERVICE_IDENTITY_FIELDS) {
    const v = input[f];
    if (typeof v !== 'string') {
      errors.push({ path: `/${f}`, message: 'Wajib diisi sebagai teks (boleh kosong).' });
      continue;
    }
    if (v.length > (MAX_LENGTH[f] ?? 500)) errors.push({ path: `/${f}`, message: `Maksimal ${MAX_LENGTH[f] ?? 500} karakter.` });
    out[f] = v.trim();
  }
  if (out.title === '') errors.push({ path: '/title', message: 'Judul layanan tidak boleh kosong.' });
  if (out.electronicMailAddress && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(out.electronicMailAddress)) {
    errors.push({ path: '/electronicMailAddress', message: 'Alamat surel tidak valid.' });
  }
  if (errors.length) throw validationError(errors, 'Identitas CSW tidak valid.');
  return out;
}

/**
 * GET/PUT /api/admin/csw/settings (service administrator: the identity is the whole service's,
 * not one organisation's): the ten service identity fields of GetCapabilities.
 * The built-in provider applies a change at once (the CSW cache generation is bumped before
 * the response); an external provider takes its identity from CSW_* variables and must be
 * restarted: GET says so (`restartRequired`), PUT answers 409 with the same hint.
 */
export function cswSettingsRoutes(deps: AppDeps): Router {
  const r = Router();
  r.use(requireServiceAdmin);
  const external = deps.config.csw.provider === 'external';
  const describe = (identity: ServiceIdentity) => ({
    ...identity,
    provider: deps.config.csw.provider,
    appliedImmediately: !external,
    ...(external ? { restartRequired: true } : {}),
  });

  r.get('/', async (_req, res) => {
    const identity = external ? deps.config.csw.identity : await loadServiceIdentity(deps.db, deps.config.csw.identity);
    res.json(describe(identity));
  });
  r.put('/', async (req, res) => {
    if (external) {
      // the external catalogue never reads our settings table: storing would only mislead
      throw new AppError('CONFLICT', 'Penyedia CSW eksternal mengambil identitasnya dari variabel lingkungan CSW_*; '
        + 'ubah variabel tersebut lalu mulai ulang penyedia CSW eksternal.', { extras: { provider: 'external', restartRequired: true } });
    }
    const identity = parseIdentity(req.body);
    await saveServiceIdentity(deps.db, identity);
    await deps.afterCommit({ publicChanged: true });
    res.json(describe(identity));
  });
  return r;
}
