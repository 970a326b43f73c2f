import type { Role } from '../../../libs/catalogue/record.types';

declare global {
  namespace Express {
    // What passport puts on req.user: loaded fresh from the database on every request, so a
    // deactivated user or a changed role takes effect immediately.
    interface User {
      id: string;
      username: string;
      role: Role;
      organisationId: string;
      /** service administrator (users.is_service_admin): the service-wide admin pages */
      serviceAdmin: boolean;
      /** the user's session epoch this session was opened under */
      sessionEpoch: number;
    }
  }
}
export {};
