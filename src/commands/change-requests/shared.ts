// The arguments the change-requests commands share.

export const SPACE = [{ name: 'spaceId', param: 'spaceId' }];

/** `<changeRequestId>`: its id or its number in the space (or its app URL), as --change-request takes it elsewhere. */
export const CHANGE_REQUEST = [...SPACE, { name: 'changeRequestId', param: 'changeRequestId', description: 'the change request: its id, its number in the space, or its app URL' }];

/** Names of the inputs in messages, for ctx.api.request(). */
export const NAMES = { 'param:spaceId': 'space id', 'param:changeRequestId': 'change request id', 'query:limit': '--limit' };
