import type { Role } from './record.types';

export interface Organisation {
  id: string;
  name: string;
  allowLintasOrgReviewer: boolean;
  createdAt: string;
}

/** A user as the rest of the system sees it: never carries the password hash. */
export interface User {
  id: string;
  username: string;
  role: Role;
  organisationId: string;
  active: boolean;
  fullName: string | null;
  email: string | null;
  phone: string | null;
  /** manages what every organisation shares (CSW identity, queues, shared components); set only by the CLI */
  serviceAdmin: boolean;
  /** bumped by a password change or reset: sessions opened under an older epoch are over */
  sessionEpoch: number;
  createdAt: string;
  updatedAt: string;
}

/** The logged-in caller, as handed to use cases (what access rules look at). */
export interface Actor {
  id: string;
  role: Role;
  organisationId: string;
}
