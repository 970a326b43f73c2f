export { createOutboundClient, type OutboundClient, type OutboundClientOptions, type OutboundCredentials, type OutboundRequest, type OutboundResponse } from './outbound-client';
export { OutboundError, type OutboundErrorKind } from './outbound-error';
export { createOutboundPolicy, type OutboundPolicy } from './outbound-policy';
