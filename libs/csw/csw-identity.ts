import type { ServiceIdentity } from '../config';

/**
 * CSW's view of the catalogue's identity: the ServiceIdentity fields are exactly what
 * GetCapabilities writes into ows:ServiceIdentification and ows:ServiceProvider.
 */
export type CswIdentity = ServiceIdentity;
