import type { User } from '../../../libs/catalogue/user.types';

/** A user as the REST API shows it: never the hash, and no bookkeeping fields. */
export interface PublicUser {
  id: string;
  username: string;
  role: User['role'];
  organisationId: string;
  fullName: string | null;
  email: string | null;
  phone: string | null;
  active: boolean;
  /** service administrator: manages what all organisations share (read-only here; set by the CLI) */
  serviceAdmin: boolean;
}

export const toPublicUser = (u: User): PublicUser => ({
  id: u.id,
  username: u.username,
  role: u.role,
  organisationId: u.organisationId,
  fullName: u.fullName,
  email: u.email,
  phone: u.phone,
  active: u.active,
  serviceAdmin: u.serviceAdmin,
});
