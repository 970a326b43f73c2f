import type { RequestHandler, Request } from 'express';
import { AppError } from '../../../libs/errors';
import type { Role } from '../../../libs/catalogue/record.types';
import type { Actor } from '../../../libs/catalogue/user.types';

export const requireAuth: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.'));
  next();
};

export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.'));
    if (!roles.includes(req.user.role)) return next(new AppError('FORBIDDEN', `Hanya untuk peran ${roles.join(', ')}.`));
    next();
  };
}

/**
 * The service-wide level above an organisation's ADMIN: an ADMIN whose account carries the
 * service-administrator flag (set by the CLI, and for the admin created on the first start).
 * Everything that is not per-organisation — the CSW service identity, the queue dashboard,
 * the status of shared components — requires it; 401 without a session, 403 otherwise.
 */
export const requireServiceAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.'));
  if (req.user.role !== 'ADMIN' || !req.user.serviceAdmin) {
    return next(new AppError('FORBIDDEN', 'Hanya untuk administrator layanan (pengaturan yang berlaku bagi semua organisasi).'));
  }
  next();
};

/** The caller as use cases see it; only valid behind requireAuth. */
export function actorOf(req: Request): Actor {
  const u = req.user;
  if (!u) throw new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.');
  return { id: u.id, role: u.role, organisationId: u.organisationId };
}
